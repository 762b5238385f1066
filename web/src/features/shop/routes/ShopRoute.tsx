import { PackageX, RotateCcw } from 'lucide-react';

import { Header } from '@/components/Header';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/EmptyState';
import { Skeleton } from '@/components/ui/Skeleton';
import { useUser } from '@/lib/data/auth';
import { BalanceBox } from '@/components/BalanceBox';
import { useBalance } from '@/lib/data/market';
import { errorMessage } from '@/lib/api';

import { usePacks } from '@/lib/data/shop';
import { BuyCoinsSection } from '../components/BuyCoinsSection';
import { ConfirmPackDialog } from '../components/ConfirmPackDialog';
import { PackCard } from '../components/PackCard';
import { PackOpeningModal } from '../components/PackOpeningModal';
import { UnopenedPacks } from '../components/UnopenedPacks';
import { RedeemPromoCard } from '../components/RedeemPromoCard';
import { usePackPurchase } from '../components/usePackPurchase';

/** /shop: the balance, coin packages, the promo code card and the card packs with pack opening. */
export function ShopRoute() {
  return (
    <>
      <Header title="Shop" />
      <div className="flex flex-col gap-6 px-4 py-5">
        <BalanceBox />
        <BuyCoinsSection />
        <RedeemPromoCard />
        <CardPacksSection />
      </div>
    </>
  );
}

function CardPacksSection() {
  const packs = usePacks();
  const balance = useBalance();
  const { data: user } = useUser();
  const { ask, confirm, confirming, cancel, isBuying, isPending, opened, closeOpened, reopen } =
    usePackPurchase();
  const coins = balance.data?.coins ?? user?.coins;

  let body;
  if (packs.isPending) {
    body = (
      <div role="status" aria-label="Loading card packs" className="flex flex-col gap-3">
        {Array.from({ length: 3 }, (_, index) => (
          <Skeleton key={index} className="h-52 rounded-2xl" />
        ))}
      </div>
    );
  } else if (packs.isError) {
    body = (
      <div className="flex flex-col gap-2 rounded-2xl border border-rose-500/20 bg-rose-500/5 p-4">
        <p className="text-sm font-bold text-rose-200">Error Loading Card Packs</p>
        <Alert>{errorMessage(packs.error)}</Alert>
        <Button
          variant="ghost"
          size="sm"
          className="self-start"
          loading={packs.isFetching}
          onClick={() => void packs.refetch()}
        >
          {!packs.isFetching && <RotateCcw aria-hidden className="size-3.5" />}
          Try again
        </Button>
      </div>
    );
  } else if (packs.data.length === 0) {
    body = (
      <EmptyState
        icon={PackageX}
        title="No Card Packs Available"
        description="New packs are on their way. Check back soon."
      />
    );
  } else {
    body = (
      <ul aria-label="Card packs" className="flex flex-col gap-3">
        {packs.data.map((pack) => (
          <PackCard
            key={pack.id}
            pack={pack}
            coins={coins}
            onBuy={ask}
            buying={isBuying(pack.id)}
            busy={isPending}
          />
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby="card-packs-title" className="flex flex-col gap-3">
      <div className="flex flex-col gap-0.5">
        <h2 id="card-packs-title" className="text-lg font-bold tracking-tight text-slate-50">
          Card Packs
        </h2>
        <p className="text-xs text-slate-400">Every card is a new edition. Odds are per card.</p>
      </div>
      <UnopenedPacks onOpen={reopen} />
      {body}
      <ConfirmPackDialog pack={confirming} balance={coins} onConfirm={confirm} onCancel={cancel} />
      <PackOpeningModal pack={opened} onClose={closeOpened} />
    </section>
  );
}
