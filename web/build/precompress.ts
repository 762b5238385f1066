import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;
/** Smaller files gain too little to be worth a second request path. */
const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Writes `x.br` and `x.gz` beside one file when each is smaller than it; returns what was written. */
export async function precompressFile(file: string): Promise<{ br?: number; gz?: number }> {
  const source = await readFile(file);
  if (source.length < MIN_BYTES) return {};
  const [br, gz] = await Promise.all([
    brotli(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
    gzipAsync(source, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  const written: { br?: number; gz?: number } = {};
  if (br.length < source.length) {
    await writeFile(`${file}.br`, br);
    written.br = br.length;
  }
  if (gz.length < source.length) {
    await writeFile(`${file}.gz`, gz);
    written.gz = gz.length;
  }
  return written;
}

/**
 * After `vite build`: brotli (maximum quality) and gzip (level 9) copies of every compressible
 * hashed asset, which the gateway sends as they are to a browser that accepts them. Compressing once
 * at build time lets brotli use its slowest, smallest setting, which no server could afford per request.
 */
export function precompress(): Plugin {
  let assetsDir = '';
  return {
    name: 'touchline:precompress',
    apply: 'build',
    configResolved(config) {
      assetsDir = path.resolve(config.root, config.build.outDir, config.build.assetsDir);
    },
    async closeBundle() {
      const names = (await readdir(assetsDir)).filter((name) => COMPRESSIBLE.test(name));
      await Promise.all(names.map((name) => precompressFile(path.join(assetsDir, name))));
    },
  };
}
