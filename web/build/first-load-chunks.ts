import path from 'node:path';

const FIRST_SCREEN = 'first-screen';

/** Whether an emitted chunk file is the group's chunk (its name comes first: `first-screen-<hash>.js`). */
export const isFirstScreenChunk = (fileName: string) =>
  path.basename(fileName).startsWith(`${FIRST_SCREEN}-`);

interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

/**
 * The code-splitting group that puts what a returning player's first screen needs, beyond the entry
 * and /auth, in one chunk: the modules statically imported from the signed-in guard, the signed-in
 * layout and home, less those the entry or /auth import. Left to automatic splitting they were about
 * 40 files of one or two kilobytes (each icon, component and data module shared by two screens is a
 * chunk of its own), and a phone fetches them six at a time over HTTP/1.1, one round trip per wave.
 *
 * Both subtracted sets are closed under static imports, so the group's chunk imports from theirs and
 * never the other way round: no chunk cycle, and /auth's first load does not grow. Whatever the group
 * leaves (dialogs fetched when they open, other screens) is split as before.
 */
export function firstScreenGroup(root: string) {
  const id = (file: string) => path.join(root, 'src', file);
  const shellRoots = [
    id('app/signed-in-routes.tsx'),
    id('app/guards.tsx'),
    id('app/layout/AppLayout.tsx'),
    id('features/home/routes/HomeRoute.tsx'),
    id('features/home/api/prefetch-home.ts'),
  ];
  const elsewhereRoots = [id('main.tsx'), id('features/auth/routes/AuthRoute.tsx')];
  let members: Set<string> | undefined;

  return {
    debugName: FIRST_SCREEN,
    name: (moduleId: string, graph: ModuleGraph): string | null => {
      const importsOf = (id: string) => graph.getModuleInfo(id)?.importedIds;
      members ??= difference(staticClosure(shellRoots, importsOf), staticClosure(elsewhereRoots, importsOf));
      return members.has(moduleId) ? FIRST_SCREEN : null;
    },
    // The subtracted modules stay where automatic splitting puts them (see above).
    includeDependenciesRecursively: false,
  };
}

/**
 * `roots` and what they import, transitively (modules of the module graph, or emitted chunks), in the
 * order they are reached. A root the graph does not know is a mistake in the caller's list.
 */
export function staticClosure(
  roots: string[],
  importsOf: (id: string) => readonly string[] | undefined,
): Set<string> {
  const seen = new Set<string>();
  const pending = [...roots];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (seen.has(next)) continue;
    const imports = importsOf(next);
    if (!imports && roots.includes(next)) throw new Error(`first-load-chunks: ${next} is not in the graph`);
    seen.add(next);
    pending.push(...(imports ?? []));
  }
  return seen;
}

function difference(all: Set<string>, minus: Set<string>): Set<string> {
  return new Set([...all].filter((member) => !minus.has(member)));
}
