import {
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';

import { api, type NotificationsPage } from '@touchline/contract';

import { call, newIdempotencyKey } from '@/lib/api';
import { useUser } from '@/lib/data/auth';
import { usePagedList } from '@/hooks/use-paged-list';

/** The popover shows this many of the newest; the /notifications page loads this many at a time. */
export const POPOVER_SIZE = 20;
export const PAGE_SIZE = 20;

// ---------------------------------------------------------------------------------------------------------
// Query keys
// ---------------------------------------------------------------------------------------------------------

export const notificationKeys = {
  all: ['notifications'] as const,
  lists: () => [...notificationKeys.all, 'list'] as const,
  latest: () => [...notificationKeys.lists(), 'latest'] as const,
  pages: () => [...notificationKeys.lists(), 'pages'] as const,
  unreadCount: () => [...notificationKeys.all, 'unread-count'] as const,
};

// ---------------------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------------------

export const getNotifications = (cursor: string | null, limit: number, signal?: AbortSignal) =>
  call(api.notifications.list, { query: { limit, cursor }, signal });
export const getUnreadCount = (signal?: AbortSignal) => call(api.notifications.unreadCount, { signal });
export const markNotificationRead = (id: number) =>
  call(api.notifications.markRead, { params: { id }, body: {}, idempotencyKey: newIdempotencyKey() });
export const markAllNotificationsRead = () =>
  call(api.notifications.markAllRead, { body: {}, idempotencyKey: newIdempotencyKey() });

// ---------------------------------------------------------------------------------------------------------
// Cache updates (the live stream and the mutations share them)
// ---------------------------------------------------------------------------------------------------------

export function setUnreadCount(queryClient: QueryClient, unreadCount: number): void {
  queryClient.setQueryData(notificationKeys.unreadCount(), { unreadCount });
}

/** Lists are refetched (a new one arrived, or one was read elsewhere). */
export function refreshNotificationLists(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: notificationKeys.lists() });
}

/** Shows `read` at once on every cached list, before the refetch confirms it. */
function markReadInLists(queryClient: QueryClient, read: (id: number) => boolean): void {
  const update = (page: NotificationsPage): NotificationsPage => ({
    ...page,
    items: page.items.map((n) => (read(n.id) ? { ...n, read: true } : n)),
  });
  queryClient.setQueryData<NotificationsPage>(notificationKeys.latest(), (page) => page && update(page));
  queryClient.setQueryData<InfiniteData<NotificationsPage>>(
    notificationKeys.pages(),
    (data) => data && { ...data, pages: data.pages.map(update) },
  );
}

// ---------------------------------------------------------------------------------------------------------
// Hooks
// ---------------------------------------------------------------------------------------------------------

/** The unread count for the bell's badge (kept fresh by the live stream); not asked for while `enabled` is false. */
export function useUnreadCount(enabled = true): number {
  const { data: user } = useUser();
  const { data } = useQuery({
    queryKey: notificationKeys.unreadCount(),
    queryFn: ({ signal }) => getUnreadCount(signal),
    enabled: Boolean(user) && enabled,
  });
  return data?.unreadCount ?? 0;
}

/** The newest notifications, for the popover. */
export function useLatestNotifications(enabled: boolean) {
  return useQuery({
    queryKey: notificationKeys.latest(),
    queryFn: ({ signal }) => getNotifications(null, POPOVER_SIZE, signal),
    enabled,
  });
}

/** Every notification, newest first, a page at a time (the /notifications page). */
export function useNotificationPages() {
  return usePagedList({
    queryKey: notificationKeys.pages(),
    fetchPage: (cursor, signal) => getNotifications(cursor, PAGE_SIZE, signal),
  });
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onMutate: (id) => markReadInLists(queryClient, (other) => other === id),
    onSuccess: ({ unreadCount }) => setUnreadCount(queryClient, unreadCount),
    onSettled: () => refreshNotificationLists(queryClient),
  });
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onMutate: () => markReadInLists(queryClient, () => true),
    onSuccess: ({ unreadCount }) => setUnreadCount(queryClient, unreadCount),
    onSettled: () => refreshNotificationLists(queryClient),
  });
}
