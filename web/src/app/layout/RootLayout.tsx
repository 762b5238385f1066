import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';

import { FullScreenSpinner } from '@/components/ui/Spinner';

/**
 * Top-level route element: restores scroll positions between screens. Its spinner also covers the
 * signed-in layout and the guards while their chunk arrives (they are not part of /auth's load).
 */
export function RootLayout() {
  return (
    <>
      <ScrollRestoration />
      <Suspense fallback={<FullScreenSpinner />}>
        <Outlet />
      </Suspense>
    </>
  );
}
