import { useEffect, type RefObject } from 'react';

import { onToasterWanted, toasterWanted } from '@/lib/toast';

/** The CSS variable the toaster's top offset reads (app/providers.tsx). */
export const TOAST_TOP_VAR = '--toast-top';

/** The room between the header's foot and a toast, in px. */
const GAP = 8;

/**
 * Keeps `--toast-top` on the document at the height of the header's rows plus a gap, so a toast lands
 * just under them (whatever rows it has: the Trade Center links, the admin links, a wrapped title),
 * in the band the header opens below them while a toast is up ([data-toast-room], lib/toast.ts), and
 * never covers them. Screens without a header (sign-in) leave the toaster's own default.
 *
 * Only once a toast is wanted (the toaster is loaded then, lib/toast.ts), and only from a
 * ResizeObserver, which reads the header after the browser's own layout: measured in the first
 * render's effect, it forced the whole first page's layout inside that task, and the variable set on
 * the root then restyled the whole page again (one 570-ms task on a throttled phone, Lighthouse's TBT).
 */
export function useToastBelowHeader(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const header = ref.current;
    const root = document.documentElement;
    if (!header || typeof ResizeObserver === 'undefined') return;
    const room = header.querySelector<HTMLElement>('[data-toast-room]');
    let last = '';
    const place = () => {
      const top = `${header.offsetHeight - (room?.offsetHeight ?? 0) + GAP}px`;
      if (top === last) return;
      last = top;
      root.style.setProperty(TOAST_TOP_VAR, top);
    };
    let observer: ResizeObserver | null = null;
    const start = () => {
      if (observer || !toasterWanted()) return;
      observer = new ResizeObserver(place);
      observer.observe(header);
    };
    start();
    const unsubscribe = onToasterWanted(start);
    return () => {
      unsubscribe();
      observer?.disconnect();
      root.style.removeProperty(TOAST_TOP_VAR);
    };
  }, [ref]);
}
