import '@testing-library/jest-dom/vitest';

import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, vi } from 'vitest';

import { resetMoments } from '@/lib/moments';

// CI runs the node and web projects side by side on two cores: a render that is quick alone can
// take seconds there, so findBy/waitFor wait up to 10 s instead of 1 s (a real failure still fails).
configure({ asyncUtilTimeout: 10_000 });

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
  // The web project shares one environment between files (isolate: false): a test that left fake
  // timers on would freeze requestAnimationFrame and every timer of the files after it.
  vi.useRealTimers();
  // Sonner keeps toasts in a module-level store and replays active ones to a new <Toaster>:
  // dismiss them so one test's toasts never show up in the next.
  toast.dismiss();
  // Likewise the open moment, groups and holds of lib/moments.ts.
  resetMoments();
});
