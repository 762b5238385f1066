import { useWindowVirtualizer, type VirtualItem } from '@tanstack/react-virtual';
import { useCallback, useEffect, useState } from 'react';

export interface WindowListOptions {
  count: number;
  /** A row's height in px before it is measured (and where there is no layout, as in jsdom). */
  estimateSize: number | ((index: number) => number);
  /** The px between rows, when the list's CSS puts a gap between them. */
  gap?: number;
  /** Rows rendered beyond each edge of the screen, so a fast scroll shows no blank. */
  overscan?: number;
}

export interface WindowList {
  /** The list's element's ref (ul, tbody, div): where the list starts on the page. */
  attachList: (element: HTMLElement | null) => void;
  /** The rows to render now, in order: `items[i].index` is the row's index in the whole list. */
  items: VirtualItem[];
  /** The px of rows above and below the rendered ones: padding, or spacer rows in a table. */
  before: number;
  after: number;
  /** On each rendered row's element, with `data-index={item.index}`: measures its real height. */
  measureRow: (element: Element | null) => void;
}

/** The element's distance from the top of the document, whatever the page's scroll position. */
function pageTop(element: HTMLElement): number {
  let top = 0;
  for (let at: HTMLElement | null = element; at; at = at.offsetParent as HTMLElement | null)
    top += at.offsetTop;
  return top;
}

/**
 * A long list in the page's own scroll (the document scrolls, the header and bottom navigation
 * stay): only the rows on screen and a few beyond are in the DOM, above and below them stands the
 * height of the rest. Rows may differ in height; each is measured once it renders. Without layout
 * (jsdom) a row counts as its estimate, so a test sees the first screenful of rows.
 */
export function useWindowList({ count, estimateSize, gap = 0, overscan = 6 }: WindowListOptions): WindowList {
  const [list, setList] = useState<HTMLElement | null>(null);
  const [scrollMargin, setScrollMargin] = useState(0);

  const attachList = useCallback((element: HTMLElement | null) => {
    setList(element);
    if (element) setScrollMargin(pageTop(element));
  }, []);
  // Where the list starts on the page moves when what is above it changes (a banner, the filters),
  // which resizes the list's parent.
  useEffect(() => {
    const parent = list?.parentElement;
    if (!list || !parent) return;
    const observer = new ResizeObserver(() => setScrollMargin(pageTop(list)));
    observer.observe(parent);
    return () => observer.disconnect();
  }, [list]);

  const estimate = (index: number) => (typeof estimateSize === 'number' ? estimateSize : estimateSize(index));
  const virtualizer = useWindowVirtualizer({
    count,
    estimateSize: estimate,
    gap,
    overscan,
    scrollMargin,
    measureElement: (element) =>
      element.getBoundingClientRect().height || estimate(Number(element.getAttribute('data-index'))),
  });

  const items = virtualizer.getVirtualItems();
  const first = items[0];
  const last = items[items.length - 1];
  const before = first ? first.start - scrollMargin : 0;
  const after = last ? virtualizer.getTotalSize() - (last.end - scrollMargin) : 0;

  return { attachList, items, before, after: Math.max(0, after), measureRow: virtualizer.measureElement };
}
