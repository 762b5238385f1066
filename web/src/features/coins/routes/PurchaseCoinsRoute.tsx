import { Coins, PackageX, Ticket } from 'lucide-react';
import { useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';

import { Header } from '@/components/Header';
import { QueryError } from '@/components/QueryError';
import { EmptyState } from '@/components/ui/EmptyState';
import { Skeleton } from '@/components/ui/Skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/Tabs';

import { useCoinPackages } from '@/lib/data/coins';
import { BalanceBox } from '@/components/BalanceBox';
import { PackagePicker } from '../components/PackagePicker';
import { PaymentSection } from '../components/PaymentSection';
import { PromoRedeemForm } from '../components/PromoRedeemForm';
import {
  defaultPackage,
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
  const location = useLocation();
  const [selectedId, setSelectedId] = useState<string | null>(
    () => (location.state as PurchaseCoinsState | null)?.packageId ?? null,
  );

  if (packages.isPending) {
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

  const selected = packages.data.find((pkg) => pkg.id === selectedId) ?? defaultPackage(packages.data)!;

  return (
    <div className="flex flex-col gap-5">
      <PackagePicker
        packages={packages.data}
        selectedId={selected.id}
        onSelect={(pkg) => setSelectedId(pkg.id)}
      />
      <BalanceBox />
      <section aria-label="Payment" className="flex flex-col gap-2">
        <h2 className="text-xs font-semibold tracking-wide text-slate-400 uppercase">Payment</h2>
        <PaymentSection key={selected.id} pkg={selected} />
      </section>
    </div>
  );
}
