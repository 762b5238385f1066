import type { QueryClient } from '@tanstack/react-query';

import type { LiveWishes } from '@touchline/contract';

import { wishKeys } from '@/lib/data/wishes';

/** A wish of the user, or an offer on one, changed: the trade marketplace's lists are read again. */
export function onWishes(queryClient: QueryClient, _data: LiveWishes): void {
  void queryClient.invalidateQueries({ queryKey: wishKeys.all });
}
