import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { RequestHandler } from 'express';
import { preferredCoding, type Coding } from './accept-encoding';

const CODINGS: readonly Coding[] = ['br', 'gzip'];
const SUFFIX: Record<Coding, string> = { br: '.br', gzip: '.gz' };
/** Vite writes hashed assets flat into assets/: any other name (a path, dots only) is not ours. */
const ASSET_NAME = /^[\w-]+(?:\.[\w-]+)+$/;
export const IMMUTABLE = 'public, max-age=31536000, immutable';

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

/**
 * Serves the brotli or gzip copy that `npm run build` wrote beside a hashed asset (`x.js.br`,
 * `x.js.gz`) when the browser accepts it, with the asset's own Content-Type, Content-Encoding, `Vary:
 * Accept-Encoding` and a year's immutable caching (the name changes with the content). Anything else
 * (no copy, no accepted coding, not a GET) falls through to the plain file.
 */
export function precompressedAssets(assetsDir: string): RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const name = req.path.slice(1);
    if (!ASSET_NAME.test(name)) return next();
    res.vary('Accept-Encoding');
    const coding = preferredCoding(req.get('accept-encoding'), CODINGS);
    if (!coding) return next();
    const file = path.join(assetsDir, name + SUFFIX[coding]);
    void isFile(file).then((exists) => {
      if (!exists) return next();
      res.type(path.extname(name));
      res.set({ 'Content-Encoding': coding, 'Cache-Control': IMMUTABLE });
      res.sendFile(file, { cacheControl: false, dotfiles: 'deny' }, (error) => {
        if (error && !res.headersSent) next(error);
      });
    }, next);
  };
}
