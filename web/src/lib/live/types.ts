import type { QueryClient } from '@tanstack/react-query';

import type { LiveEventData, LiveEventName } from '@touchline/contract';

/** What one event of the live stream does to the page: a plain function of the cache and the event's data. */
export type LiveHandler<E extends LiveEventName> = (queryClient: QueryClient, data: LiveEventData<E>) => void;

/** The handlers by SSE `event:` name; an event without one is ignored. */
export type LiveHandlers = { [E in LiveEventName]?: LiveHandler<E> };
