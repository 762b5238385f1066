import { useCallback, useEffect, useRef } from 'react';

/** How far below the screen the end of a list may be when its next page is asked for, in px. */
const AHEAD_PX = 600;

/**
 * A ref for the element at the end of a paged list ('Show more'): when it comes within a screen of
 * the viewport, `loadMore` runs, so scrolling down loads the next page before the user reaches it.
 * Without IntersectionObserver (jsdom, very old browsers) nothing happens by itself and the element
 * (a button) is what loads more.
 */
export function useLoadMore(loadMore: () => void, enabled: boolean) {
  const latest = useRef(loadMore);
  useEffect(() => {
    latest.current = loadMore;
  });
  const observer = useRef<IntersectionObserver | null>(null);
  useEffect(() => () => observer.current?.disconnect(), []);
  return useCallback(
    (element: Element | null) => {
      observer.current?.disconnect();
      observer.current = null;
      if (!element || !enabled || typeof IntersectionObserver === 'undefined') return;
      observer.current = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) latest.current();
        },
        { rootMargin: `0px 0px ${AHEAD_PX}px 0px` },
      );
      observer.current.observe(element);
    },
    [enabled],
  );
}
