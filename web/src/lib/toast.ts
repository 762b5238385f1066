import type * as SonnerModule from 'sonner';
import type { ExternalToast, toast as sonnerToast } from 'sonner';

type Sonner = typeof SonnerModule;
type Kind = 'message' | 'success' | 'error' | 'info' | 'warning' | 'loading';
type Message = Parameters<typeof sonnerToast.success>[0];

let loading: Promise<Sonner> | undefined;
let wanted = false;
const listeners = new Set<() => void>();
let nextId = 0;

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
  void loadSonner().then(({ toast }) => toast[kind](message, { ...options, id }));
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
  dismiss: (id: string | number) => void loadSonner().then(({ toast }) => toast.dismiss(id)),
};
