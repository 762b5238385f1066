import { History, Inbox, PlusCircle, Send, Store } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';

import { Header } from '@/components/Header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/Tabs';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';

import { useIncomingTrades, useOutgoingTrades } from '@/lib/data/trades';
import { CreateTradeForm } from '../components/CreateTradeForm';
import { IncomingOffers } from '../components/IncomingOffers';
import type { TradeCenterState } from '@/components/trades/IncomingTradesBanner';
import { SentOffers } from '../components/SentOffers';

type TradeTab = NonNullable<TradeCenterState['tab']>;

const TABS: readonly TradeTab[] = ['create', 'incoming', 'sent'];

function initialTab(state: unknown): TradeTab {
  const tab = (state as TradeCenterState | null)?.tab;
  return tab && TABS.includes(tab) ? tab : 'create';
}

/** /trade, the Trade Center: create an offer, answer incoming ones, follow the sent ones. */
export function TradeRoute() {
  const location = useLocation();
  const [tab, setTab] = useState<TradeTab>(() => initialTab(location.state));
  const incoming = useIncomingTrades();
  const outgoing = useOutgoingTrades();

  return (
    <>
      <Header title="Trade Center" />
      <div className="flex flex-col gap-4 px-4 py-5">
        <nav aria-label="Trading" className="flex items-center justify-between gap-3">
          <Link
            to={paths.tradeHistory}
            className="inline-flex items-center gap-1.5 text-sm font-semibold text-emerald-400 hover:text-emerald-300"
          >
            <History aria-hidden className="size-4" />
            Trade History
          </Link>
          <Link
            to={paths.tradeMarketplace}
            className="inline-flex items-center gap-1.5 text-sm font-semibold text-emerald-400 hover:text-emerald-300"
          >
            <Store aria-hidden className="size-4" />
            Trade Marketplace
          </Link>
        </nav>

        <Tabs value={tab} onValueChange={(value) => setTab(value as TradeTab)}>
          <TabsList aria-label="Trade Center sections">
            <TabsTrigger value="create" className="px-2 text-xs">
              <PlusCircle aria-hidden className="size-3.5" />
              Create
            </TabsTrigger>
            <TabsTrigger value="incoming" className="px-2 text-xs">
              <Inbox aria-hidden className="size-3.5" />
              Incoming
              <CountBadge count={incoming.data?.length} testId="incoming-count" alert />
            </TabsTrigger>
            <TabsTrigger value="sent" className="px-2 text-xs">
              <Send aria-hidden className="size-3.5" />
              Sent
              <CountBadge count={outgoing.data?.length} testId="sent-count" />
            </TabsTrigger>
          </TabsList>
          <TabsContent value="create">
            <CreateTradeForm />
          </TabsContent>
          <TabsContent value="incoming">
            <IncomingOffers />
          </TabsContent>
          <TabsContent value="sent">
            <SentOffers />
          </TabsContent>
        </Tabs>
      </div>
    </>
  );
}

/**
 * The number of offers in a tab; hidden from the tab's accessible name (which stays 'Incoming' /
 * 'Sent'), its text is the count.
 */
function CountBadge({ count, testId, alert = false }: { count?: number; testId: string; alert?: boolean }) {
  if (count === undefined) return null;
  return (
    <span
      aria-hidden
      data-testid={testId}
      className={cn(
        'min-w-5 rounded-full px-1.5 py-0.5 text-center text-[10px] leading-none font-black',
        alert && count > 0 ? 'bg-red-500 text-white' : 'bg-slate-950/40 text-current',
      )}
    >
      {count}
    </span>
  );
}
