import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Some kit files reach into a library's internals (private modules, prototypes, undocumented
 * methods). Each such library is pinned to the exact version the patch was written and tested
 * against. An upgrade must fail here first: re-read the patch against the new version's source,
 * re-run its tests (named below), then move the pin.
 */
interface Pin {
  library: string;
  version: string;
  patches: string[];
  why: string;
}

const PINS: Pin[] = [
  {
    library: 'knex',
    version: '3.3.0',
    patches: ['src/db/prepared-statements.ts', 'src/db/retry.ts', 'src/db/pglite-client.ts'],
    why:
      "subclasses knex's private Postgres dialect (knex/lib/dialects/postgres, its _query), redefines " +
      "db.transaction on the instance, and overrides the client's acquire/release/search-path methods " +
      '(tests: prepared-statements.pg, transaction-retry)',
  },
  {
    library: 'knex-pglite',
    version: '0.14.0',
    patches: ['src/db/pglite-client.ts'],
    why:
      "subclasses knex-pglite's client and overrides its connection methods and processResponse " +
      '(tests: pglite-client, every embedded-mode test)',
  },
  {
    library: 'kafkajs',
    version: '2.2.4',
    patches: ['src/events/kafkajs-idle-fix.ts', 'src/testing/kafka-mock-late-sync.ts'],
    why:
      "replaces methods on kafkajs's private RequestQueue and Broker prototypes (kafkajs/src/...) " +
      '(tests: kafka-bus, kafka-mock-late-sync; the Broker one only where the mock cluster is the broker)',
  },
];

const KIT = path.resolve(__dirname, '..');
const ROOT = path.resolve(KIT, '../..');
const requireFromKit = createRequire(path.join(KIT, 'package.json'));

/** The version installed where kit resolves it, read from the package's own package.json. */
function installedVersion(library: string): string {
  let dir = path.dirname(requireFromKit.resolve(library));
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest)) {
      const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string; version: string };
      if (pkg.name === library) return pkg.version;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`no package.json found for ${library}`);
    dir = parent;
  }
}

/** Every workspace's package.json, the root's included. */
function workspaceManifests(): { file: string; deps: Record<string, string> }[] {
  const root = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { workspaces: string[] };
  const dirs = root.workspaces.flatMap((w) =>
    w.endsWith('/*')
      ? readdirSync(path.join(ROOT, w.slice(0, -2))).map((d) => path.join(w.slice(0, -2), d))
      : [w],
  );
  return ['.', ...dirs]
    .map((d) => path.join(ROOT, d, 'package.json'))
    .filter((file) => existsSync(file))
    .map((file) => {
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as Record<
        string,
        Record<string, string> | undefined
      >;
      return { file: path.relative(ROOT, file), deps: { ...pkg.dependencies, ...pkg.devDependencies } };
    });
}

describe('libraries whose internals kit patches', () => {
  it.each(PINS)('$library is installed at exactly $version', ({ library, version, patches, why }) => {
    const installed = installedVersion(library);
    expect(
      installed,
      `${library} ${installed} is installed, but libs/kit/${patches.join(' and libs/kit/')} ` +
        `patch ${library} ${version}: it ${why}. Check the patch against ${library} ${installed}, ` +
        'then move the pin here and in package.json.',
    ).toBe(version);
  });

  it.each(PINS)(
    'every package.json asks for $library $version exactly, not a range',
    ({ library, version }) => {
      const asked = workspaceManifests().filter((m) => m.deps[library] !== undefined);
      expect(asked.map((m) => m.file)).toContain('libs/kit/package.json');
      for (const m of asked) expect(`${m.file}: ${m.deps[library]}`).toBe(`${m.file}: ${version}`);
    },
  );

  it.each(PINS)(
    'each patch file of $library names the pin and an upstream issue',
    ({ library, version, patches }) => {
      for (const patch of patches) {
        const source = readFileSync(path.join(KIT, patch), 'utf8');
        expect(source, patch).toContain(`${library} ${version}`);
        expect(source, patch).toMatch(/Upstream: /);
      }
    },
  );
});
