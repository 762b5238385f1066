import { Gavel, Layers } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';

import { RARITIES, type AuctionsPage, type Rarity } from '@touchline/contract';

import { Header } from '@/components/Header';
import { LoadMoreButton, type MorePages } from '@/components/LoadMoreButton';
import { QueryError } from '@/components/QueryError';
import { buttonClasses } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/EmptyState';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/Tabs';
import { Select } from '@/components/ui/Select';
import { Spinner } from '@/components/ui/Spinner';
import { paths } from '@/config/paths';
import { useAuctions, useMyAuctions, useMyBids, type AuctionFilters } from '@/lib/data/auctions';
import { useTeams } from '@/lib/data/cards';
import type { Pages } from '@/lib/data/pages';

import { AuctionRow } from '../components/AuctionRow';

type Tab = 'live' | 'mine' | 'bids';
const TABS: Tab[] = ['live', 'mine', 'bids'];

interface ListQuery extends MorePages {
  data: Pages<AuctionsPage> | undefined;
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  isFetching: boolean;
  refetch: () => Promise<unknown>;
}

/** A paged list of auctions: spinner, error with retry, empty state, rows and Load more. */
function AuctionList({ query, label, empty }: { query: ListQuery; label: string; empty: React.ReactNode }) {
  const auctions = query.data?.pages.flatMap((page) => page.items) ?? [];
  if (query.isPending)
    return (
      <div className="flex justify-center py-10 text-emerald-400">
        <Spinner />
      </div>
    );
  if (query.isError)
    return (
      <QueryError error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
    );
  if (auctions.length === 0) return <>{empty}</>;
  return (
    <div className="flex flex-col gap-3">
      <ul aria-label={label} className="flex flex-col gap-2">
        {auctions.map((auction) => (
          <AuctionRow key={auction.id} auction={auction} />
        ))}
      </ul>
      <LoadMoreButton pages={query} />
    </div>
  );
}

const toCollection = (
  <Link to={paths.collection} className={buttonClasses('primary', 'sm')}>
    <Layers aria-hidden className="size-3.5" />
    Go to Collection
  </Link>
);

function LiveAuctions() {
  const [params, setParams] = useSearchParams();
  const rarity = (RARITIES as readonly string[]).includes(params.get('rarity') ?? '')
    ? (params.get('rarity') as Rarity)
    : '';
  const teamId = Number(params.get('team')) || 0;
  const filters: AuctionFilters = { rarity, teamId };
  const auctions = useAuctions(filters);
  const teams = useTeams();

  function update(key: 'rarity' | 'team', value: string) {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  }

  return (
    <div className="flex flex-col gap-3">
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        <Select
          aria-label="Filter by rarity"
          value={rarity}
          onChange={(e) => update('rarity', e.target.value)}
        >
          <option value="">All Rarities</option>
          {RARITIES.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </Select>
        <Select
          aria-label="Filter by team"
          value={String(teamId || '')}
          onChange={(e) => update('team', e.target.value)}
        >
          <option value="">All Teams</option>
          {(teams.data ?? []).map((team) => (
            <option key={team.id} value={team.id}>
              {team.name}
            </option>
          ))}
        </Select>
      </div>
      <p className="text-xs text-slate-400">Ending soonest first. A bid in the last 30 seconds adds time.</p>
      <AuctionList
        query={auctions}
        label="Live auctions"
        empty={
          <EmptyState
            icon={Gavel}
            title="No live auctions"
            description={
              rarity || teamId
                ? 'No auction matches these filters right now.'
                : 'Put one of your cards up for auction from your collection.'
            }
            action={toCollection}
          />
        }
      />
    </div>
  );
}

/**
 * /auctions: the live list (time left, current bid, number of bids; filters by rarity and team;
 * ending soonest first), and the user's own auctions and bids as tabs (?tab=mine, ?tab=bids).
 */
export function AuctionsRoute() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.includes(params.get('tab') as Tab) ? (params.get('tab') as Tab) : 'live';
  const mine = useMyAuctions(tab === 'mine');
  const bids = useMyBids(tab === 'bids');

  function select(next: Tab) {
    setParams(next === 'live' ? {} : { tab: next }, { replace: true });
  }

  return (
    <>
      <Header title="Auctions" showBack />
      <div className="flex flex-col gap-4 px-4 py-5">
        <Tabs value={tab} onValueChange={(value) => select(value as Tab)}>
          <TabsList aria-label="Auctions">
            <TabsTrigger value="live">Live</TabsTrigger>
            <TabsTrigger value="mine">My auctions</TabsTrigger>
            <TabsTrigger value="bids">My bids</TabsTrigger>
          </TabsList>
          <TabsContent value="live">
            <LiveAuctions />
          </TabsContent>
          <TabsContent value="mine">
            <AuctionList
              query={mine}
              label="My auctions"
              empty={
                <EmptyState
                  icon={Gavel}
                  title="You have no auctions"
                  description="Open a card in your collection and choose Put up for auction."
                  action={toCollection}
                />
              }
            />
          </TabsContent>
          <TabsContent value="bids">
            <AuctionList
              query={bids}
              label="My bids"
              empty={
                <EmptyState
                  icon={Gavel}
                  title="You have not bid yet"
                  description="Your bids on other players' auctions show here."
                />
              }
            />
          </TabsContent>
        </Tabs>
      </div>
    </>
  );
}
