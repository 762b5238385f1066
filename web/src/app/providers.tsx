import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';

import { loadSonner, onToasterWanted, toasterWanted } from '@/lib/toast';

/**
 * The toaster arrives in its own chunk with the first toast (no screen toasts before a user acts or
 * a notification arrives), so no first load carries sonner; sonner hands a toast raised before the
 * toaster subscribed to it once it does.
 */
const Toaster = lazy(() => loadSonner().then((m) => ({ default: m.Toaster })));

/**
 * Just under the header (its height is kept in --toast-top by components/header-offset.ts): a toast
 * never covers the header, its balance pill or its bell. From 600 px (sonner's phone breakpoint) in the
 * top-right corner, clear of a screen's title, tabs and search; on a phone across the width under the
 * header. One at a time: a newer toast takes the place of the one before (issue 43, item 12).
 */
const TOAST_TOP = 'var(--toast-top, 1rem)';
const TOAST_OFFSET = { top: TOAST_TOP, right: '1.5rem' };
const TOAST_MOBILE_OFFSET = { top: TOAST_TOP, left: '0.75rem', right: '0.75rem' };

export interface AppProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
}

export function AppProviders({ queryClient, children }: AppProvidersProps) {
  const wanted = useSyncExternalStore(onToasterWanted, toasterWanted, toasterWanted);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      {wanted && (
        <Suspense fallback={null}>
          <Toaster
            richColors
            position="top-right"
            offset={TOAST_OFFSET}
            mobileOffset={TOAST_MOBILE_OFFSET}
            visibleToasts={1}
            theme="dark"
            closeButton
            // A moment's folded follow-ons are lines of its description (lib/moments.ts).
            toastOptions={{ classNames: { description: 'whitespace-pre-line' } }}
          />
        </Suspense>
      )}
    </QueryClientProvider>
  );
}
