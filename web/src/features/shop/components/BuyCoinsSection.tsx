import { ShoppingCart, Sparkles } from 'lucide-react';
import { useNavigate } from 'react-router';

import { QueryError } from '@/components/QueryError';
import { Button } from '@/components/ui/Button';
import { Skeleton } from '@/components/ui/Skeleton';
import { paths } from '@/config/paths';
import { useCoinPackages } from '@/lib/data/coins';
import type { CoinPackage } from '@touchline/contract';
import { formatUsd, type PurchaseCoinsState } from '@/lib/coins';
import { CoinAmount } from '@/components/CoinAmount';
import { cn } from '@/lib/cn';

/** Buy Coins: the coin packages, each with 'Buy Now' leading to /purchase-coins. */
export function BuyCoinsSection() {
  const packages = useCoinPackages();
  const navigate = useNavigate();

  let body;
  if (packages.isPending) {
    body = (
      <div role="status" aria-label="Loading coin packages" className="grid grid-cols-2 gap-2 lg:grid-cols-3">
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} className="h-36 rounded-2xl" />
        ))}
      </div>
    );
  } else if (packages.isError) {
    body = (
      <QueryError
        error={packages.error}
        onRetry={() => void packages.refetch()}
        retrying={packages.isFetching}
      />
    );
  } else if (packages.data.length === 0) {
    body = <p className="text-sm text-slate-400">No coin packages are available right now.</p>;
  } else {
    body = (
      <ul aria-label="Coin packages" className="grid grid-cols-2 gap-2 lg:grid-cols-3">
        {packages.data.map((pkg) => (
          <CoinPackageCard
            key={pkg.id}
            pkg={pkg}
            onBuy={() =>
              void navigate(paths.purchaseCoins, {
                state: { packageId: pkg.id } satisfies PurchaseCoinsState,
              })
            }
          />
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby="buy-coins-title" className="flex flex-col gap-3">
      <h2 id="buy-coins-title" className="text-lg font-bold tracking-tight text-slate-50">
        Buy Coins
      </h2>
      {body}
    </section>
  );
}

function CoinPackageCard({ pkg, onBuy }: { pkg: CoinPackage; onBuy: () => void }) {
  return (
    <li
      aria-label={pkg.name}
      className={cn(
        'relative flex flex-col gap-2 rounded-2xl border p-3',
        pkg.isPopular
          ? 'border-amber-400/40 bg-linear-to-b from-amber-400/10 to-slate-900/80'
          : 'border-white/5 bg-slate-900/70',
      )}
    >
      {pkg.isPopular && (
        <span className="absolute -top-2 right-3 inline-flex items-center gap-1 rounded-full bg-amber-400 px-2 py-0.5 text-[10px] font-bold tracking-wide text-slate-950 uppercase">
          <Sparkles aria-hidden className="size-3" />
          Popular
        </span>
      )}
      <p className="truncate text-sm font-bold text-slate-50">{pkg.name}</p>
      <div className="flex items-center gap-1">
        <CoinAmount value={pkg.coins} className="text-base" iconClassName="size-4" />
        <span className="text-[11px] text-slate-400">coins</span>
      </div>
      <p className="font-display text-xl leading-none font-bold text-slate-100">{formatUsd(pkg.amount)}</p>
      <Button size="sm" variant={pkg.isPopular ? 'primary' : 'outline'} className="mt-auto" onClick={onBuy}>
        <ShoppingCart aria-hidden className="size-3.5" />
        Buy Now
      </Button>
    </li>
  );
}
