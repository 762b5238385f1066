import { useCallback, useRef } from 'react';

/** Marks a list whose items give the focus to their neighbour when the focused one goes. */
export const FOCUS_LIST_ATTR = 'data-focus-list';

const FOCUSABLE = 'button:not(:disabled), a[href], input:not(:disabled), [tabindex]:not([tabindex="-1"])';

/** The index of the list item holding `element`, or -1. */
export function itemIndexOf(list: Element, element: Element): number {
  const item = Array.from(list.children).find((child) => child.contains(element));
  return item ? Array.from(list.children).indexOf(item) : -1;
}

/**
 * Focuses what now stands at `index` of the list (the row that took a bought listing's place, or the
 * last one), else the list itself. Returns false when the list is gone too.
 */
export function focusListItem(list: HTMLElement, index: number): boolean {
  if (!list.isConnected) return false;
  const items = Array.from(list.children);
  const item = items[Math.min(Math.max(index, 0), items.length - 1)];
  const target = item?.querySelector<HTMLElement>(FOCUSABLE) ?? list;
  if (target === list && !list.hasAttribute('tabindex')) list.tabIndex = -1;
  target.focus({ preventScroll: true });
  return true;
}

/**
 * For a list whose items can vanish while one has the focus (a listing bought, from its row or its
 * dialog): when the focused item leaves the page and the focus falls to the body, the item now at its
 * place takes it, so a keyboard user stays in the list instead of starting again from the top of the
 * page (issue 43, item 15). Returns the ref callback for the list element.
 */
export function useListFocus<T extends HTMLElement>(): (list: T | null) => void {
  const cleanup = useRef<(() => void) | null>(null);
  return useCallback((list: T | null) => {
    cleanup.current?.();
    cleanup.current = null;
    if (!list) return;
    list.setAttribute(FOCUS_LIST_ATTR, '');
    let last: { element: Element; index: number } | null = null;
    const onFocusIn = (event: FocusEvent) => {
      if (event.target instanceof Element && event.target !== list) {
        last = { element: event.target, index: itemIndexOf(list, event.target) };
      }
    };
    const observer = new MutationObserver(() => {
      if (!last || last.element.isConnected) return;
      const active = document.activeElement;
      if (active && active !== document.body) return;
      const { index } = last;
      last = null;
      focusListItem(list, index);
    });
    list.addEventListener('focusin', onFocusIn);
    observer.observe(list, { childList: true, subtree: true });
    cleanup.current = () => {
      list.removeEventListener('focusin', onFocusIn);
      observer.disconnect();
    };
  }, []);
}
