import { useSyncExternalStore } from 'react';

/** Tailwind's lg and xl breakpoints (64rem, 80rem): a list's `lg:grid-cols-2 xl:grid-cols-3`. */
const WIDE = ['(min-width: 64rem)', '(min-width: 80rem)'] as const;

const queries = () =>
  typeof window === 'undefined' || typeof window.matchMedia !== 'function'
    ? []
    : WIDE.map((query) => window.matchMedia(query));

function subscribe(listener: () => void): () => void {
  const lists = queries();
  for (const list of lists) list.addEventListener('change', listener);
  return () => {
    for (const list of lists) list.removeEventListener('change', listener);
  };
}

const columns = () => 1 + queries().filter((list) => list.matches).length;

/**
 * How many columns a list laid out `grid-cols-1 lg:grid-cols-2 xl:grid-cols-3` has at the window's
 * width now: 1 on a phone, 2 from 1024 px, 3 from 1280 px. For a windowed list, which draws whole
 * rows of the grid.
 */
export function useColumns(): number {
  return useSyncExternalStore(subscribe, columns, () => 1);
}
