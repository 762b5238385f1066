import { Outlet, ScrollRestoration } from 'react-router';

import { AppShell } from './AppShell';

/** Layout of every signed-in screen. */
export function AppLayout() {
  return (
    <AppShell>
      <Outlet />
    </AppShell>
  );
}

/** Top-level route element: restores scroll positions between screens. */
export function RootLayout() {
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}
