import { ChevronRight, Layers, ShoppingBag } from 'lucide-react';
import { useDeferredValue } from 'react';
import { Link } from 'react-router';

import { QueryError } from '@/components/QueryError';
import { buttonClasses } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/EmptyState';
import { Skeleton } from '@/components/ui/Skeleton';
import { paths } from '@/config/paths';
import { useUserCards } from '@/lib/data/cards';
import { CardTile } from '@/components/cards/CardTile';
import type { Card } from '@touchline/contract';

/** Home shows this many of the newest cards (docs/spec/game-spec.md#9-business-constants-and-limits). */
export const HOME_COLLECTION_CARDS = 4;

/** 'My Collection' on home: the newest cards in a sideways row, 'View All' to /collection. */
export function HomeCollection({ onSelectCard }: { onSelectCard: (card: Card) => void }) {
  const { data, isError, error, refetch, isFetching } = useUserCards();
  // Rendered from a deferred copy of the answer, in slices (see TrendingPlayers).
  const cards = useDeferredValue(data);

  return (
    <section aria-labelledby="home-collection" className="flex flex-col gap-3">
      <div className="flex items-center justify-between">
        <h2 id="home-collection" className="flex items-center gap-2 text-base font-bold text-slate-50">
          <Layers aria-hidden className="size-4 text-emerald-400" />
          My Collection
        </h2>
        <Link
          to={paths.collection}
          className="inline-flex items-center gap-0.5 text-sm font-semibold text-emerald-400 hover:text-emerald-300"
        >
          View All
          <ChevronRight aria-hidden className="size-4" />
        </Link>
      </div>

      {isError ? (
        <QueryError error={error} onRetry={() => void refetch()} retrying={isFetching} />
      ) : !cards ? (
        <div className="flex gap-3 overflow-hidden" role="status" aria-label="Loading cards">
          {Array.from({ length: HOME_COLLECTION_CARDS }, (_, index) => (
            <Skeleton key={index} className="aspect-[5/7] w-32 shrink-0 rounded-2xl" />
          ))}
        </div>
      ) : cards.length === 0 ? (
        <EmptyState
          icon={Layers}
          title="No cards in your collection yet"
          description="Pick up your first players on the market."
          action={
            <Link to={paths.market} className={buttonClasses('primary', 'sm')}>
              <ShoppingBag aria-hidden className="size-3.5" />
              Visit Market
            </Link>
          }
        />
      ) : (
        <ul
          aria-label="Newest cards"
          className="-mx-4 flex snap-x snap-mandatory gap-3 overflow-x-auto px-4 pt-2 pb-2 [scrollbar-width:none]"
        >
          {cards.slice(0, HOME_COLLECTION_CARDS).map((card) => (
            <li key={card.id} className="w-32 shrink-0 snap-start">
              <CardTile card={card} onSelect={onSelectCard} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
