import type { ExternalToast } from 'sonner';

/*
 * The band the header opens under its rows while a toast is up (Header.tsx, [data-toast-room]), so a
 * toast covers neither the header nor a screen's tabs and fields (issue 43, item 12). Loaded with
 * sonner (lib/toast.ts), never by a first load.
 */

/** The toasts raised and not yet closed, by id: while any is up, the header makes room for it. */
const open = new Set<string | number>();

/** The CSS variable of the room the header keeps under its rows for the front toast (Header.tsx). */
export const TOAST_ROOM_VAR = '--toast-room';

/**
 * Sets --toast-room to the front toast's height plus a gap, or removes it once none is up. Measured a
 * frame after sonner drew it (its height depends on the text).
 */
export function makeRoom(tries = 60): void {
  requestAnimationFrame(() => {
    const root = document.documentElement;
    const front = document.querySelector<HTMLElement>('[data-sonner-toast][data-front="true"]');
    if (open.size === 0 || !front) root.style.removeProperty(TOAST_ROOM_VAR);
    else root.style.setProperty(TOAST_ROOM_VAR, `${front.offsetHeight + 16}px`);
    // The toaster may not have drawn it yet (its chunk arriving): look again, for about a second.
    if (open.size > 0 && !front && tries > 0) makeRoom(tries - 1);
  });
}

/** A toast closed (by its timer, its close button, a swipe or `toast.dismiss`). */
export function closed(id: string | number): void {
  if (open.delete(id)) makeRoom();
}

/** The caller's options, with close callbacks that keep `open` up to date around the caller's own. */
export function tracked(id: string | number, options?: ExternalToast): ExternalToast {
  open.add(id);
  return {
    ...options,
    id,
    onDismiss: (t) => {
      closed(id);
      options?.onDismiss?.(t);
    },
    onAutoClose: (t) => {
      closed(id);
      options?.onAutoClose?.(t);
    },
  };
}
