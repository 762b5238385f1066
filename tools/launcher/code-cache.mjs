// Runs a CommonJS file with V8's code cache: the functions compiled during one start are kept
// beside the file and reused by the next, so a restart skips parsing and compiling them again.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';

/** Dynamic `import()` inside the file works as in any module (Node 20.17+); older Nodes load it plainly. */
const importModuleDynamically = vm.constants?.USE_MAIN_CONTEXT_DEFAULT_LOADER;

function readCache(file) {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

/**
 * Loads `file` as CommonJS and returns its exports. `whenWarm(exports)` says when the code that
 * matters has run (a start is done); the cache is (re)written then if there was none or V8 refused
 * it (another Node version, or flags that change the code).
 */
export function requireWithCodeCache(file, whenWarm) {
  // Node maps stack traces through source maps only for files it loads itself: --enable-source-maps
  // trades the cache for TypeScript positions.
  if (!importModuleDynamically || process.sourceMapsEnabled) return createRequire(import.meta.url)(file);
  const cacheFile = `${file}.v8cache`;
  const cachedData = readCache(cacheFile);
  const script = new vm.Script(Module.wrap(readFileSync(file, 'utf8')), {
    filename: file,
    cachedData,
    importModuleDynamically,
  });
  const module = new Module(file);
  module.filename = file;
  module.paths = Module._nodeModulePaths(path.dirname(file));
  module.loaded = true;
  script
    .runInThisContext()
    .call(module.exports, module.exports, createRequire(file), module, file, path.dirname(file));
  if (!cachedData || script.cachedDataRejected)
    void Promise.resolve(whenWarm(module.exports)).then(
      () => {
        // Written aside and moved into place: a start at the same moment reads a whole cache or none.
        const staging = `${cacheFile}.${process.pid}`;
        writeFileSync(staging, script.createCachedData());
        renameSync(staging, cacheFile);
      },
      () => {},
    );
  return module.exports;
}
