import { useEffect, useRef } from 'react';

/**
 * Points a foil card's light at the pointer: while a pointer moves over the element, sets its and its
 * foil's --foil-x and --foil-y (-1…1 from the centre) once per animation frame; the CSS moves the foil and
 * tilts the card with them (transforms only, index.css), and ignores them under reduced motion.
 * Nothing runs while no pointer is over the card.
 */
export function useFoilPointer<T extends HTMLElement>(enabled: boolean) {
  const ref = useRef<T>(null);
  useEffect(() => {
    const element = ref.current;
    if (!enabled || !element) return;
    let frame = 0;
    let rect: DOMRect | null = null;
    let x = 0;
    let y = 0;
    // The variables do not inherit (index.css): set on the card (its tilt) and on its foil.
    const targets = [element, ...element.querySelectorAll<HTMLElement>('.card-foil')];
    const apply = () => {
      frame = 0;
      for (const target of targets) {
        target.style.setProperty('--foil-x', x.toFixed(3));
        target.style.setProperty('--foil-y', y.toFixed(3));
      }
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(apply);
    };
    // The box is read once per visit, not per move: a read after the last frame's write would
    // force a layout.
    const enter = () => {
      rect = element.getBoundingClientRect();
    };
    const move = (event: PointerEvent) => {
      rect ??= element.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) return;
      x = Math.max(-1, Math.min(1, ((event.clientX - rect.left) / rect.width) * 2 - 1));
      y = Math.max(-1, Math.min(1, ((event.clientY - rect.top) / rect.height) * 2 - 1));
      schedule();
    };
    const leave = () => {
      rect = null;
      x = 0;
      y = 0;
      schedule();
    };
    element.addEventListener('pointerenter', enter);
    element.addEventListener('pointermove', move);
    element.addEventListener('pointerleave', leave);
    element.addEventListener('pointercancel', leave);
    return () => {
      cancelAnimationFrame(frame);
      element.removeEventListener('pointerenter', enter);
      element.removeEventListener('pointermove', move);
      element.removeEventListener('pointerleave', leave);
      element.removeEventListener('pointercancel', leave);
    };
  }, [enabled]);
  return ref;
}
