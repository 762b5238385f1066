import type * as SonnerModule from 'sonner';
import type { ExternalToast, toast as sonnerToast } from 'sonner';

type Sonner = typeof SonnerModule;
type Kind = 'message' | 'success' | 'error' | 'info' | 'warning' | 'loading';
type Message = Parameters<typeof sonnerToast.success>[0];

let loading: Promise<Sonner> | undefined;
let wanted = false;
const listeners = new Set<() => void>();
let nextId = 0;

/** The toasts raised and not yet closed, by id: while any is up, the header makes room for it. */
const open = new Set<string | number>();

/** The CSS variable of the room the header keeps under its rows for the front toast (Header.tsx). */
export const TOAST_ROOM_VAR = '--toast-room';

/**
 * Sets --toast-room to the front toast's height plus a gap, or removes it once none is up. Measured a
 * frame after sonner drew it (its height depends on the text).
 */
function makeRoom(): void {
  requestAnimationFrame(() => {
    const root = document.documentElement;
    const front = document.querySelector<HTMLElement>('[data-sonner-toast][data-front="true"]');
    if (open.size === 0 || !front) root.style.removeProperty(TOAST_ROOM_VAR);
    else root.style.setProperty(TOAST_ROOM_VAR, `${front.offsetHeight + 16}px`);
    // The toaster may not have drawn it yet (sonner arriving): look again.
    if (open.size > 0 && !front) makeRoom();
  });
}

function closed(id: string | number): void {
  if (open.delete(id)) makeRoom();
}

/** The caller's options with the close callbacks that keep `open` true. */
function tracked(id: string | number, options?: ExternalToast): ExternalToast {
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

/** Fetches sonner (its own chunk); the first load of a page needs it only once something toasts. */
export function loadSonner(): Promise<Sonner> {
  return (loading ??= import('sonner'));
}

/** Whether a toast has been raised, so the toaster must be on the page (read by the app's providers). */
export function toasterWanted(): boolean {
  return wanted;
}

export function onToasterWanted(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function raise(kind: Kind, message: Message, options?: ExternalToast): string | number {
  // The id is chosen here, not by sonner, because the caller needs it before sonner has arrived
  // (a loading toast is later turned into its outcome by id).
  const id = options?.id ?? `toast-${++nextId}`;
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  const tracking = tracked(id, options);
  void loadSonner().then(({ toast }) => {
    toast[kind](message, tracking);
    makeRoom();
  });
  return id;
}

/**
 * sonner's `toast` for the calls the app makes, without sonner in the first load's script: a call
 * fetches sonner and mounts the toaster, and sonner hands the toast to the toaster once it
 * subscribes. Calls run in order, since they all wait on the same import.
 */
export const toast = {
  message: (message: Message, options?: ExternalToast) => raise('message', message, options),
  success: (message: Message, options?: ExternalToast) => raise('success', message, options),
  error: (message: Message, options?: ExternalToast) => raise('error', message, options),
  info: (message: Message, options?: ExternalToast) => raise('info', message, options),
  warning: (message: Message, options?: ExternalToast) => raise('warning', message, options),
  loading: (message: Message, options?: ExternalToast) => raise('loading', message, options),
  /** Closes a toast by id (after the toasts raised before it, which wait on the same import). */
  dismiss: (id: string | number) =>
    void loadSonner().then(({ toast }) => {
      toast.dismiss(id);
      closed(id);
    }),
};
