import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

import type { Plugin } from 'vite';

const BARREL_IMPORT = /import\s*\{([^}]*)\}\s*from\s*['"]lucide-react['"];?/g;

/** Every icon name the lucide-react barrel exports (aliases included), to the file that defines it. */
function iconFiles(): Map<string, string> {
  const require = createRequire(import.meta.url);
  const barrel = path.join(
    path.dirname(require.resolve('lucide-react/package.json')),
    'dist/esm/lucide-react.mjs',
  );
  const files = new Map<string, string>();
  for (const [, names, file] of readFileSync(barrel, 'utf8').matchAll(
    /export \{([^}]*)\} from '\.\/icons\/([\w-]+)\.mjs';/g,
  )) {
    for (const name of names!.matchAll(/default as (\w+)/g)) files.set(name[1]!, file!);
  }
  if (files.size === 0) throw new Error('lucide-icon-imports: no icons found in the lucide-react barrel');
  return files;
}

/**
 * Rewrites `import { Flame, Coins } from 'lucide-react'` in the app's sources into one import per
 * icon module (`lucide-react/icons/flame`). Through the barrel, every module that imports any icon
 * depends on all 1,600 of them, so the module graph cannot tell which icons a screen uses and
 * first-load-chunks could not place them; the bundle's contents are the same either way.
 */
export function lucideIconImports(): Plugin {
  let files: Map<string, string> | undefined;
  return {
    name: 'touchline:lucide-icon-imports',
    enforce: 'pre',
    transform: {
      filter: { id: /\/src\/.*\.tsx?$/, code: 'lucide-react' },
      handler(code) {
        files ??= iconFiles();
        const icons = files;
        let changed = false;
        const next = code.replace(BARREL_IMPORT, (whole, list: string) => {
          const rest: string[] = [];
          const perIcon: string[] = [];
          for (const specifier of list
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)) {
            const [imported, local = imported] = specifier.split(/\s+as\s+/) as [string, string?];
            const file = icons.get(imported);
            if (file && !specifier.startsWith('type '))
              perIcon.push(`import ${local} from 'lucide-react/icons/${file}';`);
            else rest.push(specifier);
          }
          if (perIcon.length === 0) return whole;
          changed = true;
          return [
            ...perIcon,
            ...(rest.length ? [`import { ${rest.join(', ')} } from 'lucide-react';`] : []),
          ].join(' ');
        });
        // Joined on one line, so the lines after it keep their numbers (no source map to write).
        return changed ? { code: next, map: null } : undefined;
      },
    },
  };
}
