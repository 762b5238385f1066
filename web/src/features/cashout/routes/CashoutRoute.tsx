import { History, Send } from 'lucide-react';
import { useState } from 'react';

import { Header } from '@/components/Header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/Tabs';
import { useUser } from '@/lib/data/auth';
import { useBalance } from '@/lib/data/market';

import { CashoutBalanceBanner } from '../components/CashoutBalanceBanner';
import { CashoutForm } from '../components/CashoutForm';
import { CashoutHistory } from '../components/CashoutHistory';

type CashoutTab = 'new' | 'history';

/** /cashout: the balance banner, New Request and Request History (docs/spec/economy-admin-spec.md, Cash Out page). */
export function CashoutRoute() {
  const [tab, setTab] = useState<CashoutTab>('new');
  const balance = useBalance();
  const { data: user } = useUser();
  const coins = balance.data?.coins ?? user?.coins;

  return (
    <>
      <Header title="Cash Out" showBack />
      <div className="flex flex-col gap-4 px-4 py-5">
        <CashoutBalanceBanner coins={coins} />
        <Tabs value={tab} onValueChange={(next) => setTab(next as CashoutTab)}>
          <TabsList aria-label="Cash Out sections">
            <TabsTrigger value="new">
              <Send aria-hidden className="size-4" />
              New Request
            </TabsTrigger>
            <TabsTrigger value="history">
              <History aria-hidden className="size-4" />
              Request History
            </TabsTrigger>
          </TabsList>
          <TabsContent value="new">
            <CashoutForm balance={coins} onSubmitted={() => setTab('history')} />
          </TabsContent>
          <TabsContent value="history">
            <CashoutHistory />
          </TabsContent>
        </Tabs>
      </div>
    </>
  );
}
