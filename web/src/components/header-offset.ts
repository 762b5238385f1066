import { useEffect, type RefObject } from 'react';

/** The CSS variable the toaster's top offset reads (app/providers.tsx). */
export const TOAST_TOP_VAR = '--toast-top';

/** The room between the header's foot and a toast, in px. */
const GAP = 8;

/**
 * Keeps `--toast-top` on the document at the height of the header's rows plus a gap, so a toast lands
 * just under them (whatever rows it has: the Trade Center links, the admin links, a wrapped title),
 * in the band the header opens below them while a toast is up ([data-toast-room], lib/toast.ts), and
 * never covers them. Screens without a header (sign-in) leave the toaster's own default.
 */
export function useToastBelowHeader(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const header = ref.current;
    const root = document.documentElement;
    if (!header) return;
    const room = header.querySelector<HTMLElement>('[data-toast-room]');
    const place = () => {
      const rows = header.offsetHeight - (room?.offsetHeight ?? 0);
      root.style.setProperty(TOAST_TOP_VAR, `${rows + GAP}px`);
    };
    place();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(place);
    observer?.observe(header);
    return () => {
      observer?.disconnect();
      root.style.removeProperty(TOAST_TOP_VAR);
    };
  }, [ref]);
}
