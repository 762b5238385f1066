import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, History, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';

import { Header } from '@/components/Header';
import { Button } from '@/components/ui/Button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/Tabs';
import { paths } from '@/config/paths';
import { useUser } from '@/lib/data/auth';
import { RarityBadge } from '@/components/cards/RarityBadge';
import { RARITIES } from '@/lib/cards';
import { MarketTabs } from '@/components/market/MarketTabs';

import { tradeHistoryKeys, useTradeHistory, useUserTradeHistory } from '@/lib/data/trade-history';
import { TradeHistoryTable } from '../components/TradeHistoryTable';

type HistoryTab = 'market' | 'mine';

/** /trade-history: every market transaction, or the user's own. */
export function TradeHistoryRoute() {
  const { data: user } = useUser();
  const [tab, setTab] = useState<HistoryTab>('market');
  const queryClient = useQueryClient();
  const market = useTradeHistory();
  const mine = useUserTradeHistory();
  const active = tab === 'market' ? market : mine;

  function refresh() {
    void queryClient.invalidateQueries({ queryKey: tradeHistoryKeys.all });
  }

  return (
    <>
      <Header title="Trade History" />
      <div className="flex flex-col gap-4 px-4 py-5">
        <MarketTabs />
        <div className="flex items-center justify-between gap-3">
          <Link
            to={paths.trade}
            className="inline-flex items-center gap-1 text-sm font-semibold text-emerald-400 hover:text-emerald-300"
          >
            <ArrowLeft aria-hidden className="size-4" />
            Back to Trade Center
          </Link>
          <Button variant="outline" size="sm" onClick={refresh} disabled={active.isFetching}>
            <RefreshCw aria-hidden className={active.isFetching ? 'size-3.5 animate-spin' : 'size-3.5'} />
            Refresh
          </Button>
        </div>

        <RarityLegend />

        <Tabs value={tab} onValueChange={(value) => setTab(value as HistoryTab)}>
          <TabsList aria-label="Trade history">
            <TabsTrigger value="market" className="text-xs">
              Market Transactions
            </TabsTrigger>
            <TabsTrigger value="mine" className="text-xs">
              My Transactions
            </TabsTrigger>
          </TabsList>
          <TabsContent value="market">
            <TradeHistoryTable
              query={market}
              userId={user?.id}
              emptyText="No trade history available"
              label="Market transactions"
            />
          </TabsContent>
          <TabsContent value="mine">
            <TradeHistoryTable
              query={mine}
              userId={user?.id}
              emptyText="No personal trade history available"
              label="My transactions"
            />
          </TabsContent>
        </Tabs>
      </div>
    </>
  );
}

/** What the abbreviations of the table mean: C, R, E, L, UL and P/L. */
function RarityLegend() {
  return (
    <section
      aria-label="Legend"
      className="flex flex-wrap items-center gap-x-3 gap-y-1.5 rounded-2xl border border-white/5 bg-slate-900/70 px-3 py-2.5 text-[11px] text-slate-400"
    >
      <History aria-hidden className="size-3.5 text-emerald-400" />
      {RARITIES.map((rarity) => (
        <span key={rarity} className="inline-flex items-center gap-1">
          <RarityBadge rarity={rarity} size="short" />
          {rarity}
        </span>
      ))}
      <span className="inline-flex items-center gap-1">
        <span className="rounded-full border border-slate-600 px-1.5 py-0.5 text-[10px] font-bold text-slate-200">
          P/L
        </span>
        Profit/Loss (your sales)
      </span>
    </section>
  );
}
