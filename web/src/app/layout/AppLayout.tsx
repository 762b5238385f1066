import { Suspense } from 'react';
import { Outlet } from 'react-router';

import { AccountNotices } from '@/components/AccountNotices';
import { MomentHost } from '@/components/moments/MomentHost';
import { Spinner } from '@/components/ui/Spinner';
import { LiveStream } from '@/lib/live/stream';
import { useIdle } from '@/lib/use-idle';

import { AppShell } from './AppShell';
import { useFocusHeading } from './use-focus-heading';

/** Layout of every signed-in screen; it holds the app's one live stream and moves the focus on a page change. */
export function AppLayout() {
  useFocusHeading();
  return (
    <AppShell>
      <DeferredLiveStream />
      <AccountNotices />
      <MomentHost />
      {/* A screen's chunk is on its way: the frame and the bottom navigation stay. */}
      <Suspense fallback={<ScreenFallback />}>
        <Outlet />
      </Suspense>
    </AppShell>
  );
}

/** The stream opens once the first screen has rendered and the browser is idle (lib/use-idle.ts). */
function DeferredLiveStream() {
  return useIdle() ? <LiveStream /> : null;
}

function ScreenFallback() {
  return (
    <div className="flex flex-1 items-center justify-center text-emerald-400">
      <Spinner size="lg" />
    </div>
  );
}
