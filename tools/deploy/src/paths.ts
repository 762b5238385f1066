import path from 'node:path';

/** Repository root (this file is tools/deploy/src/paths.ts). */
export const ROOT = path.resolve(__dirname, '../../..');
/** Where `npm run build:server` writes the bundles; the image copies this folder whole. */
export const SERVER_DIST = path.join(ROOT, 'dist');
