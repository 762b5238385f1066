import type { UseQueryResult } from '@tanstack/react-query';
import { Layers } from 'lucide-react';
import { Link } from 'react-router';

import { QueryError } from '@/components/QueryError';
import { buttonClasses } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/EmptyState';
import { Skeleton } from '@/components/ui/Skeleton';
import { paths } from '@/config/paths';
import type { Card } from '@touchline/contract';

import { SelectableCardGrid } from '@/components/trades/SelectableCardGrid';

export interface AvailableCardPickerProps {
  /** The user's cards query (loading and error states come from it). */
  cards: UseQueryResult<Card[]>;
  /** The cards that may be chosen (not for sale). */
  available: readonly Card[];
  selectedId: number | null;
  onSelect: (card: Card) => void;
  /** Accessible name of the grid. */
  label: string;
  skeletons: number;
  emptyTitle: string;
  emptyDescription: string;
  /** Offer a 'Visit Market' link when there is nothing to choose. */
  marketLink?: boolean;
  className?: string;
}

/** Choosing one of the user's available cards: skeletons while loading, the error, an empty state, or the grid. */
export function AvailableCardPicker({
  cards,
  available,
  selectedId,
  onSelect,
  label,
  skeletons,
  emptyTitle,
  emptyDescription,
  marketLink = false,
  className,
}: AvailableCardPickerProps) {
  if (cards.isPending) {
    return (
      <div role="status" aria-label="Loading your cards" className="grid grid-cols-3 gap-x-2.5 gap-y-3">
        {Array.from({ length: skeletons }, (_, index) => (
          <Skeleton key={index} className="aspect-[5/7] rounded-[8%/5.714%]" />
        ))}
      </div>
    );
  }
  if (cards.isError) {
    return (
      <QueryError error={cards.error} onRetry={() => void cards.refetch()} retrying={cards.isFetching} />
    );
  }
  if (available.length === 0) {
    return (
      <EmptyState
        icon={Layers}
        title={emptyTitle}
        description={emptyDescription}
        action={
          marketLink ? (
            <Link to={paths.market} className={buttonClasses('primary', 'sm')}>
              Visit Market
            </Link>
          ) : undefined
        }
      />
    );
  }
  return (
    <SelectableCardGrid
      label={label}
      cards={available}
      selectedId={selectedId}
      onSelect={onSelect}
      className={className}
    />
  );
}
