import '@testing-library/jest-dom/vitest';

import { cleanup } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, vi } from 'vitest';

// jsdom does not implement scrolling; ScrollRestoration calls it on navigation.
window.scrollTo = vi.fn();

// jsdom has no ResizeObserver; Radix popovers measure their trigger with it.
if (typeof globalThis.ResizeObserver === 'undefined') {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  globalThis.ResizeObserver = ResizeObserverStub as unknown as typeof ResizeObserver;
}

afterEach(() => {
  cleanup();
  // Sonner keeps toasts in a module-level store and replays active ones to a new <Toaster>:
  // dismiss them so one test's toasts never show up in the next.
  toast.dismiss();
});
