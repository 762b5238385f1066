import { Skeleton } from '@/components/ui/Skeleton';

/** Rows shown while an offer list loads (docs/spec/game-spec.md#2-screens-and-routes: 5 rows for lists). */
export const OFFER_SKELETON_ROWS = 5;

export function OfferListSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="flex flex-col gap-2">
      {Array.from({ length: OFFER_SKELETON_ROWS }, (_, index) => (
        <Skeleton key={index} data-testid="offer-skeleton" className="h-24 rounded-2xl" />
      ))}
    </div>
  );
}
