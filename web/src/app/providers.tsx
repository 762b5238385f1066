import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';

/**
 * The toaster arrives in its own chunk, after the first screen: no screen toasts before a user acts,
 * and sonner hands a toast raised earlier to the toaster once it subscribes.
 */
const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

export interface AppProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
}

export function AppProviders({ queryClient, children }: AppProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Suspense fallback={null}>
        <Toaster richColors position="top-center" theme="dark" closeButton />
      </Suspense>
    </QueryClientProvider>
  );
}
