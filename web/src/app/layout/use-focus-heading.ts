import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

import { pageHeading } from '@/lib/use-return-focus';

/**
 * After a page change, the focus goes to the new screen's heading (its header's h1), so a keyboard or
 * screen-reader user starts on the page they opened rather than on the tab they pressed. Not on the
 * first page of a visit, where the browser's own start is right. A screen that draws its heading a
 * moment later (its chunk still on its way) is watched until it does.
 */
export function useFocusHeading(): void {
  const { pathname } = useLocation();
  const firstPage = useRef(true);

  useEffect(() => {
    if (firstPage.current) {
      firstPage.current = false;
      return;
    }
    const focusHeading = (): boolean => {
      const heading = pageHeading();
      if (!heading) return false;
      if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
      heading.focus({ preventScroll: true });
      return true;
    };
    if (focusHeading()) return;
    const main = document.querySelector('main');
    if (!main) return;
    const observer = new MutationObserver(() => {
      if (focusHeading()) observer.disconnect();
    });
    observer.observe(main, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [pathname]);
}
