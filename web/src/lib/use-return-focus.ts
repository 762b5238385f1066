import { useMemo, useRef } from 'react';

import { FOCUS_LIST_ATTR, focusListItem, itemIndexOf } from './list-focus';

/** The focus handlers of a Radix Dialog.Content, spread onto it. */
export interface ReturnFocusHandlers {
  onOpenAutoFocus: () => void;
  onCloseAutoFocus: (event: Event) => void;
}

/**
 * Gives the focus back to the control that opened a dialog when it closes. Radix does this only for
 * a Dialog.Trigger; the app opens its dialogs from state (a row, a Buy button), where Radix would
 * leave the focus on the page body. The opener is what had the focus as the dialog took it; when it
 * is gone (the bought listing's row), the row now in its place in its list (lib/list-focus.ts) takes
 * the focus, or the page's heading when there is no such list.
 */
export function useReturnFocus(): ReturnFocusHandlers {
  const opener = useRef<HTMLElement | null>(null);
  const home = useRef<{ list: HTMLElement; index: number } | null>(null);
  return useMemo(
    () => ({
      onOpenAutoFocus: () => {
        const active = document.activeElement;
        opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
        const list = opener.current?.closest<HTMLElement>(`[${FOCUS_LIST_ATTR}]`);
        home.current = list && opener.current ? { list, index: itemIndexOf(list, opener.current) } : null;
      },
      onCloseAutoFocus: (event: Event) => {
        event.preventDefault();
        if (opener.current?.isConnected) {
          opener.current.focus({ preventScroll: true });
          return;
        }
        if (home.current && focusListItem(home.current.list, home.current.index)) return;
        pageHeading()?.focus({ preventScroll: true });
      },
    }),
    [],
  );
}

/** The screen's heading (the header's h1, focusable from script). */
export function pageHeading(): HTMLElement | null {
  return document.querySelector<HTMLElement>('main h1');
}
