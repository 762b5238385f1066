import type * as SonnerModule from 'sonner';
import type { ExternalToast, toast as sonnerToast } from 'sonner';

import type * as ToastRoom from './toast-room';

type Sonner = typeof SonnerModule;
type Kind = 'message' | 'success' | 'error' | 'info' | 'warning' | 'loading';
type Message = Parameters<typeof sonnerToast.success>[0];

let loading: Promise<Sonner> | undefined;
let loadingRoom: Promise<typeof ToastRoom> | undefined;
let wanted = false;
const listeners = new Set<() => void>();
let nextId = 0;

/** Fetches sonner (its own chunk); the first load of a page needs it only once something toasts. */
export function loadSonner(): Promise<Sonner> {
  return (loading ??= import('sonner'));
}

/** The header's band for toasts (toast-room.ts), fetched with sonner: no first load needs it. */
function loadRoom(): Promise<typeof ToastRoom> {
  return (loadingRoom ??= import('./toast-room'));
}

/** sonner and the band, in one wait: every call waits on the same pair, so they run in order. */
const loadBoth = () => Promise.all([loadSonner(), loadRoom()]);

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
  void loadBoth().then(([{ toast }, room]) => {
    toast[kind](message, room.tracked(id, options));
    room.makeRoom();
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
    void loadBoth().then(([{ toast }, room]) => {
      toast.dismiss(id);
      room.closed(id);
    }),
};
