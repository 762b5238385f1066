import type { MouseEvent } from 'react';

import { pageHeading } from '@/lib/use-return-focus';

/**
 * The first stop of the keyboard on every signed-in screen, shown only while focused: it moves the
 * focus to the screen's heading (or the main region), past the navigation. Handled here rather than
 * by the '#main' fragment alone, which the router would take as a navigation.
 */
export function SkipLink() {
  function skip(event: MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    const target = pageHeading() ?? document.getElementById('main');
    if (!target) return;
    if (!target.hasAttribute('tabindex')) target.tabIndex = -1;
    target.focus();
  }
  return (
    <a
      href="#main"
      onClick={skip}
      className="sr-only rounded-lg bg-emerald-500 px-4 py-2 text-sm font-bold text-slate-950 focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[60] focus:outline-2 focus:outline-offset-2 focus:outline-white"
    >
      Skip to content
    </a>
  );
}
