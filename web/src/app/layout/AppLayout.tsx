import { Suspense } from 'react';
import { Outlet } from 'react-router';

import { Spinner } from '@/components/ui/Spinner';
import { NotificationStream } from '@/lib/notification-stream';

import { AppShell } from './AppShell';

/** Layout of every signed-in screen; it holds the app's one live notifications stream. */
export function AppLayout() {
  return (
    <AppShell>
      <NotificationStream />
      {/* A screen's chunk is on its way: the frame and the bottom navigation stay. */}
      <Suspense fallback={<ScreenFallback />}>
        <Outlet />
      </Suspense>
    </AppShell>
  );
}

function ScreenFallback() {
  return (
    <div className="flex flex-1 items-center justify-center text-emerald-400">
      <Spinner size="lg" />
    </div>
  );
}
