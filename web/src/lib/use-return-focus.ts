import { useMemo, useRef } from 'react';

/** The focus handlers of a Radix Dialog.Content, spread onto it. */
export interface ReturnFocusHandlers {
  onOpenAutoFocus: () => void;
  onCloseAutoFocus: (event: Event) => void;
}

/**
 * Gives the focus back to the control that opened a dialog when it closes. Radix does this only for
 * a Dialog.Trigger; the app opens its dialogs from state (a row, a Buy button), where Radix would
 * leave the focus on the page body. The opener is what had the focus as the dialog took it; when it
 * is gone (the bought listing's row), the page's heading takes the focus instead.
 */
export function useReturnFocus(): ReturnFocusHandlers {
  const opener = useRef<HTMLElement | null>(null);
  return useMemo(
    () => ({
      onOpenAutoFocus: () => {
        const active = document.activeElement;
        opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
      },
      onCloseAutoFocus: (event: Event) => {
        event.preventDefault();
        const target = opener.current?.isConnected ? opener.current : pageHeading();
        target?.focus({ preventScroll: true });
      },
    }),
    [],
  );
}

/** The screen's heading (the header's h1, focusable from script). */
export function pageHeading(): HTMLElement | null {
  return document.querySelector<HTMLElement>('main h1');
}
