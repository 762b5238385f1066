const BASE = 'base';

/**
 * The code-splitting group of the small modules every page runs before its first screen: React,
 * its JSX runtime, Vite's preload helper and the class-name helper (cn, clsx, tailwind-merge).
 * Left to automatic splitting they were five files of 0.3–3 KB, each shared by the entry and the
 * lazy screens; as one file they gzip 0.7 KB smaller, out of /auth's 120 KB first-load budget
 * (docs/performance.md). Listed first: the first group to match a module wins.
 */
export function baseGroup() {
  const members =
    /\/node_modules\/react\/|vite\/preload-helper|\/src\/lib\/cn\.ts$|\/node_modules\/clsx\/|\/node_modules\/tailwind-merge\//;
  return {
    debugName: BASE,
    name: (moduleId: string): string | null => (members.test(moduleId) ? BASE : null),
  };
}
