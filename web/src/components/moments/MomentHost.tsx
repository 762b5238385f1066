import { lazy, Suspense, useEffect, useState } from 'react';

import { useMomentQueue } from '@/lib/moment-queue';

/** The moment's screen, fetched with the first moment: no first load carries Radix's dialog for it. */
const MomentDialog = lazy(() => import('./MomentDialog'));

/** A moment waits until the player has not touched the page for this long: it never lands under a tap. */
export const MOMENT_QUIET_MS = 1_200;

let lastInput = 0;
if (typeof document !== 'undefined')
  for (const type of ['pointerdown', 'keydown'] as const)
    document.addEventListener(type, () => (lastInput = performance.now()), { capture: true, passive: true });

/** Another dialog (a confirmation, a card popup) is open: a moment waits until it closes. */
const otherDialogOpen = () =>
  document.querySelector(
    '[role="dialog"][data-state="open"]:not([data-moment]), [role="alertdialog"][data-state="open"]',
  ) !== null;

/** Whether a moment may take the screen now; re-checked until it may. */
function useQuietMoment(waiting: boolean): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!waiting) return;
    let timer: ReturnType<typeof setTimeout>;
    const check = () => {
      const quiet = performance.now() - lastInput >= MOMENT_QUIET_MS && !otherDialogOpen();
      setReady(quiet);
      if (!quiet) timer = setTimeout(check, 300);
    };
    timer = setTimeout(check, 0);
    return () => {
      clearTimeout(timer);
      setTimeout(() => setReady(false), 0);
    };
  }, [waiting]);
  return waiting && ready;
}

/**
 * The full-screen moments (lib/moment-queue.ts), one at a time: a badge earned, a mission completed.
 * 'Continue' (or Escape) shows the next; '1 more' says that another waits.
 */
export function MomentHost() {
  const queue = useMomentQueue();
  const moment = queue[0];
  const ready = useQuietMoment(moment !== undefined);
  if (!moment || !ready) return null;
  return (
    <Suspense fallback={null}>
      <MomentDialog moment={moment} waiting={queue.length - 1} />
    </Suspense>
  );
}
