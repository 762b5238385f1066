import { Coins, Gauge, PackageX, Ticket } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';

import { Header } from '@/components/Header';
import { QueryError } from '@/components/QueryError';
import { EmptyState } from '@/components/ui/EmptyState';
import { Skeleton } from '@/components/ui/Skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/Tabs';

import { paths } from '@/config/paths';
import { useCoinPackages } from '@/lib/data/coins';
import { useSpendingLimit } from '@/lib/data/spending-limit';
import { BalanceBox } from '@/components/BalanceBox';
import { PackagePicker } from '../components/PackagePicker';
import { PaymentSection } from '../components/PaymentSection';
import { PromoRedeemForm } from '../components/PromoRedeemForm';
import {
  formatUsd,
  packageToSelect,
  searchForTab,
  tabFromSearch,
  type PurchaseCoinsState,
  type PurchaseTab,
} from '@/lib/coins';

/** /purchase-coins: buy coins with a card (purchase tab) or redeem a promo code (?tab=redeem). */
export function PurchaseCoinsRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = tabFromSearch(searchParams);

  function changeTab(next: string) {
    setSearchParams((current) => searchForTab(current, next as PurchaseTab), { replace: true });
  }

  return (
    <>
      <Header title="Purchase Coins" showBack />
      <div className="flex flex-col gap-4 px-4 py-5">
        <Tabs value={tab} onValueChange={changeTab}>
          <TabsList aria-label="Purchase Coins sections">
            <TabsTrigger value="purchase">
              <Coins aria-hidden className="size-4" />
              Purchase
            </TabsTrigger>
            <TabsTrigger value="redeem">
              <Ticket aria-hidden className="size-4" />
              Redeem
            </TabsTrigger>
          </TabsList>
          <TabsContent value="purchase">
            <PurchaseTabContent />
          </TabsContent>
          <TabsContent value="redeem">
            <PromoRedeemForm />
          </TabsContent>
        </Tabs>
      </div>
    </>
  );
}

function PurchaseTabContent() {
  const packages = useCoinPackages();
  // The limit is read before any package is selected: a payment intent above it would be refused.
  const limit = useSpendingLimit();
  const location = useLocation();
  const [selectedId, setSelectedId] = useState<string | null>(
    () => (location.state as PurchaseCoinsState | null)?.packageId ?? null,
  );

  if (packages.isPending || limit.isPending) {
    return (
      <div role="status" aria-label="Loading coin packages" className="flex flex-col gap-2">
        {Array.from({ length: 5 }, (_, index) => (
          <Skeleton key={index} className="h-20 rounded-2xl" />
        ))}
      </div>
    );
  }
  if (packages.isError) {
    return (
      <QueryError
        error={packages.error}
        onRetry={() => void packages.refetch()}
        retrying={packages.isFetching}
      />
    );
  }
  if (packages.data.length === 0) {
    return <EmptyState icon={PackageX} title="No coin packages available" description="Check back soon." />;
  }

  // Unreadable, the limit is left to the server, which refuses a payment above it with its reason.
  const remaining = limit.data?.remaining ?? null;
  const selected = packageToSelect(packages.data, selectedId, remaining);

  return (
    <div className="flex flex-col gap-5">
      {remaining !== null && <RemainingLimit remaining={remaining} />}
      <PackagePicker
        packages={packages.data}
        selectedId={selected?.id}
        onSelect={(pkg) => setSelectedId(pkg.id)}
        remaining={remaining}
      />
      <BalanceBox />
      <section aria-label="Payment" className="flex flex-col gap-2">
        <h2 className="text-xs font-semibold tracking-wide text-slate-400 uppercase">Payment</h2>
        {selected ? (
          <PaymentSection key={selected.id} pkg={selected} />
        ) : (
          <p className="rounded-xl border border-amber-400/30 bg-amber-500/10 p-3 text-sm text-amber-200">
            No package fits what is left of your monthly spending limit.
          </p>
        )}
      </section>
    </div>
  );
}

/** What is left of the monthly spending limit, with the way to change it (Profile › Settings). */
function RemainingLimit({ remaining }: { remaining: number }) {
  return (
    <p
      data-testid="remaining-limit"
      className="flex flex-wrap items-center gap-x-2 gap-y-1 rounded-xl border border-sky-400/20 bg-sky-500/10 px-3 py-2.5 text-sm text-sky-100"
    >
      <Gauge aria-hidden className="size-4 shrink-0 text-sky-300" />
      <span>{`Spending limit: ${formatUsd(remaining)} left this month`}</span>
      <Link
        to={`${paths.profile}?tab=settings`}
        className="text-xs font-semibold text-emerald-300 underline underline-offset-2 hover:text-emerald-200"
      >
        Change limit
      </Link>
    </p>
  );
}
