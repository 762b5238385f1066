import { ArrowLeftRight, History, Plus, SearchX } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from '@/lib/toast';

import { Header } from '@/components/Header';
import { QueryError } from '@/components/QueryError';
import { Button } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/EmptyState';
import { SearchInput } from '@/components/ui/SearchInput';
import { Select } from '@/components/ui/Select';
import { Skeleton } from '@/components/ui/Skeleton';
import { paths } from '@/config/paths';
import { useUser } from '@/lib/data/auth';
import { useTeams, useUserCards } from '@/lib/data/cards';
import { RARITIES } from '@/lib/cards';
import { useUsernames } from '@/lib/data/trades';
import { errorMessage, newIdempotencyKey } from '@/lib/api';
import { cn } from '@/lib/cn';
import { formatNumber } from '@/lib/format';
import { useDebouncedValue } from '@/lib/use-debounced-value';

import { useDeleteTradeWish, useTradeWishes } from '@/lib/data/wishes';
import { ListCardDialog } from '../components/ListCardDialog';
import { MakeOfferDialog } from '../components/MakeOfferDialog';
import { WishItem } from '../components/WishItem';
import type { TradeWish, WishSort } from '@touchline/contract';
import type { WishFilters } from '@/lib/data/wishes';
import { DEFAULT_WISH_FILTERS, WISH_POSITIONS, WISH_SORTS } from '../utils';

/** Skeleton rows while the listings load (docs/spec/game-spec.md#2-screens-and-routes: 3 for wishes). */
export const WISH_SKELETON_ROWS = 3;

interface ListDialogState {
  open: boolean;
  cardId: number | null;
}

/**
 * /trade-marketplace: cards players listed for trade with what they want for them; offers on others'
 * listings, listing an own card (the floating button, or ?cardId= from a card's 'Trade Card').
 */
export function TradeMarketplaceRoute() {
  const { data: user } = useUser();
  const teams = useTeams();
  const usernames = useUsernames();
  const cards = useUserCards();
  const [searchParams, setSearchParams] = useSearchParams();
  const [filters, setFilters] = useState<WishFilters>(DEFAULT_WISH_FILTERS);
  const [offerWish, setOfferWish] = useState<TradeWish | null>(null);
  const [listDialog, setListDialog] = useState<ListDialogState>({ open: false, cardId: null });
  const debouncedSearch = useDebouncedValue(filters.search.trim());
  const wishes = useTradeWishes({ ...filters, search: debouncedSearch });
  const remove = useDeleteTradeWish();

  // ?cardId= (from a card's 'Trade Card'): once the cards are known, open the list dialog with that owned
  // card preselected (adjusting state while rendering, once per value), then clear the query string so a
  // reload or going back does not reopen it.
  const cardParam = searchParams.get('cardId');
  const cardsReady = !cards.isPending;
  const [handledParam, setHandledParam] = useState<string | null>(null);
  if (cardParam !== null && cardsReady && handledParam !== cardParam) {
    setHandledParam(cardParam);
    const owned = cards.data?.find((card) => String(card.id) === cardParam && !card.forSale);
    if (owned) setListDialog({ open: true, cardId: owned.id });
  }
  useEffect(() => {
    if (cardParam === null || !cardsReady) return;
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('cardId');
        return next;
      },
      { replace: true },
    );
  }, [cardParam, cardsReady, setSearchParams]);

  function update<K extends keyof WishFilters>(key: K, value: WishFilters[K]) {
    setFilters((current) => ({ ...current, [key]: value }));
  }

  function removeWish(wish: TradeWish) {
    remove.mutate(
      { wishId: wish.id, idempotencyKey: newIdempotencyKey() },
      {
        onSuccess: () =>
          toast.success('Listing removed', { description: 'Your card is no longer listed for trade.' }),
        onError: (error) => toast.error('Failed to remove listing', { description: errorMessage(error) }),
      },
    );
  }

  const userOptions = (usernames.data ?? [])
    .filter((entry) => entry.id !== 0)
    .sort((a, b) => a.username.localeCompare(b.username));

  let body;
  if (wishes.isPending) {
    body = (
      <div role="status" aria-label="Loading trade listings" className="flex flex-col gap-3">
        {Array.from({ length: WISH_SKELETON_ROWS }, (_, index) => (
          <Skeleton key={index} data-testid="wish-skeleton" className="h-48 rounded-2xl" />
        ))}
      </div>
    );
  } else if (wishes.isError && !wishes.data) {
    body = (
      <QueryError error={wishes.error} onRetry={() => void wishes.refetch()} retrying={wishes.isFetching} />
    );
  } else if (wishes.data.length === 0) {
    body = (
      <EmptyState
        icon={SearchX}
        title="No trade offers match your criteria"
        description="Try other filters, or list one of your cards for trade."
        action={
          <Button size="sm" variant="outline" onClick={() => setFilters(DEFAULT_WISH_FILTERS)}>
            Reset Filters
          </Button>
        }
      />
    );
  } else {
    body = (
      <ul
        aria-label="Trade listings"
        aria-busy={wishes.isFetching || undefined}
        className={cn('flex flex-col gap-3 transition-opacity', wishes.isPlaceholderData && 'opacity-60')}
      >
        {wishes.data.map((wish) => (
          <WishItem
            key={wish.id}
            wish={wish}
            teams={teams.data}
            own={user !== undefined && user !== null && wish.userId === user.id}
            onMakeOffer={setOfferWish}
            onRemove={removeWish}
            removing={remove.isPending && remove.variables?.wishId === wish.id}
          />
        ))}
      </ul>
    );
  }

  return (
    <>
      <Header title="Trade Marketplace" />
      <div className="flex flex-col gap-4 px-4 py-5 pb-24">
        <nav aria-label="Trading" className="flex items-center justify-between gap-3">
          <Link
            to={paths.trade}
            className="inline-flex items-center gap-1.5 text-sm font-semibold text-emerald-400 hover:text-emerald-300"
          >
            <ArrowLeftRight aria-hidden className="size-4" />
            My Trades
          </Link>
          <Link
            to={paths.tradeHistory}
            className="inline-flex items-center gap-1.5 text-sm font-semibold text-emerald-400 hover:text-emerald-300"
          >
            <History aria-hidden className="size-4" />
            History
          </Link>
        </nav>

        <section aria-label="Filters" className="flex flex-col gap-2">
          <SearchInput
            placeholder="Search player name..."
            value={filters.search}
            onValueChange={(value) => update('search', value)}
          />
          <div className="grid grid-cols-2 gap-2">
            <Select
              aria-label="Filter by rarity"
              value={filters.rarity}
              onChange={(event) => update('rarity', event.target.value as WishFilters['rarity'])}
            >
              <option value="">All Rarities</option>
              {RARITIES.map((rarity) => (
                <option key={rarity} value={rarity}>
                  {rarity}
                </option>
              ))}
            </Select>
            <Select
              aria-label="Filter by position"
              value={filters.position}
              onChange={(event) => update('position', event.target.value as WishFilters['position'])}
            >
              <option value="">All Positions</option>
              {WISH_POSITIONS.map((position) => (
                <option key={position} value={position}>
                  {position}
                </option>
              ))}
            </Select>
            <Select
              aria-label="Filter by team"
              value={filters.teamId === null ? '' : String(filters.teamId)}
              onChange={(event) => update('teamId', event.target.value ? Number(event.target.value) : null)}
            >
              <option value="">All Teams</option>
              {(teams.data ?? []).map((team) => (
                <option key={team.id} value={String(team.id)}>
                  {team.name}
                </option>
              ))}
            </Select>
            <Select
              aria-label="Filter by user"
              value={filters.user}
              onChange={(event) => update('user', event.target.value)}
            >
              <option value="">All Users</option>
              {userOptions.map((entry) => (
                <option key={entry.id} value={entry.username}>
                  {entry.id === user?.id ? `${entry.username} (you)` : entry.username}
                </option>
              ))}
            </Select>
          </div>
          <div className="flex items-center justify-between gap-3">
            <p className="text-xs font-medium text-slate-400" aria-live="polite">
              {wishes.data
                ? `${formatNumber(wishes.data.length)} ${wishes.data.length === 1 ? 'listing' : 'listings'}`
                : ''}
            </p>
            <Select
              aria-label="Sort trade listings"
              className="w-44"
              value={filters.sort}
              onChange={(event) => update('sort', event.target.value as WishSort)}
            >
              {WISH_SORTS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </Select>
          </div>
        </section>

        {body}
      </div>

      <button
        type="button"
        aria-label="List Card for Trade"
        onClick={() => setListDialog({ open: true, cardId: null })}
        className={cn(
          'fixed right-[max(1rem,calc((100vw_-_28rem)/2_+_1rem))] bottom-[calc(5rem+env(safe-area-inset-bottom))] z-30 lg:right-8 lg:bottom-8',
          'flex size-14 items-center justify-center rounded-full bg-emerald-500 text-slate-950 shadow-xl shadow-emerald-500/30',
          'transition-transform hover:bg-emerald-400 active:scale-95',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-400',
        )}
      >
        <Plus aria-hidden className="size-7" strokeWidth={2.5} />
      </button>

      <MakeOfferDialog wish={offerWish} teams={teams.data} onClose={() => setOfferWish(null)} />
      <ListCardDialog
        open={listDialog.open}
        initialCardId={listDialog.cardId}
        onClose={() => setListDialog({ open: false, cardId: null })}
      />
    </>
  );
}
