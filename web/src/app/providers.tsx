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
 * Just under the header: a toast never covers the header or the balance pill, nor the actions a
 * screen keeps at its foot (Pay, Buy, Request Cashout) above the bottom navigation.
 */
const TOAST_OFFSET = { top: 'calc(6rem + env(safe-area-inset-top))' };

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
            position="top-center"
            offset={TOAST_OFFSET}
            mobileOffset={TOAST_OFFSET}
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
