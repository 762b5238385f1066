import { useMemo, useRef } from 'react';

import { FOCUS_LIST_ATTR, focusListItem, itemIndexOf } from './list-focus';

/** The focus handlers of a Radix Dialog.Content, spread onto it. */
export interface ReturnFocusHandlers {
  onOpenAutoFocus: (event: Event) => void;
  onCloseAutoFocus: (event: Event) => void;
}

export interface ReturnFocusOptions {
  /**
   * Whether another dialog of the same host has taken over as this one closed (the next moment of a
   * queue): the focus then stays in it, and the opener recorded first is kept for the last to close.
   * A function that lives as long as the app (it is a dependency of the handlers).
   */
  handedOver?: () => boolean;
}

/**
 * Gives the focus back to the control that opened a dialog when it closes. Radix does this only for
 * a Dialog.Trigger; the app opens its dialogs from state (a row, a Buy button), where Radix would
 * leave the focus on the page body. The opener is what had the focus as the dialog took it; when it
 * is gone (the bought listing's row), the row now in its place in its list (lib/list-focus.ts) takes
 * the focus, else the screen's list (a dialog that opened by itself over a page whose focus was
 * lost), or the page's heading when there is no such list.
 */
export function useReturnFocus(options: ReturnFocusOptions = {}): ReturnFocusHandlers {
  const opener = useRef<HTMLElement | null>(null);
  const home = useRef<{ list: HTMLElement; index: number } | null>(null);
  // Between an open and its close: a dialog that opens before the last one's close (Radix closes a
  // tick late) keeps the first opener, since the focus it finds is the body the last one left.
  const open = useRef(false);
  const { handedOver } = options;
  return useMemo(
    () => ({
      onOpenAutoFocus: (event: Event) => {
        if (open.current) return;
        open.current = true;
        const active = document.activeElement;
        // Inside the dialog already (an autoFocus inside it ran first): the opener is not known.
        const inside = event.target instanceof Node && event.target.contains(active);
        opener.current = active instanceof HTMLElement && active !== document.body && !inside ? active : null;
        const list = opener.current?.closest<HTMLElement>(`[${FOCUS_LIST_ATTR}]`);
        home.current = list && opener.current ? { list, index: itemIndexOf(list, opener.current) } : null;
      },
      onCloseAutoFocus: (event: Event) => {
        event.preventDefault();
        if (handedOver?.()) return;
        open.current = false;
        // Another dialog (a pack opening that held the moments) has the focus already: it keeps it.
        if (document.activeElement?.closest('[role="dialog"], [role="alertdialog"]')) return;
        if (opener.current?.isConnected) {
          opener.current.focus({ preventScroll: true });
          return;
        }
        if (home.current && focusListItem(home.current.list, home.current.index)) return;
        const list = document.querySelector<HTMLElement>(`main [${FOCUS_LIST_ATTR}]`);
        if (list && focusListItem(list, 0)) return;
        pageHeading()?.focus({ preventScroll: true });
      },
    }),
    [handedOver],
  );
}

/** The screen's heading (the header's h1, focusable from script). */
export function pageHeading(): HTMLElement | null {
  return document.querySelector<HTMLElement>('main h1');
}
