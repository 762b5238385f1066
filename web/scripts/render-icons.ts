import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

/** The app's icons: which SVG of web/icons, at which size, to which PNG of web/public/icons. */
const ICONS = [
  { svg: 'icon.svg', size: 192, png: 'icon-192.png' },
  { svg: 'icon.svg', size: 512, png: 'icon-512.png' },
  { svg: 'maskable.svg', size: 512, png: 'maskable-512.png' },
  // iOS rounds the corners itself: the full-bleed art.
  { svg: 'maskable.svg', size: 180, png: 'apple-touch-icon.png' },
];

const web = fileURLToPath(new URL('..', import.meta.url));

/**
 * `npm run icons -w @touchline/web`: renders the PNG icons of the web app manifest from the SVG art in
 * web/icons (the favicon's mark) with headless Chromium, transparent where the art is. The PNGs are
 * committed; run this again after changing the art.
 */
async function main(): Promise<void> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    for (const icon of ICONS) {
      const svg = readFileSync(path.join(web, 'icons', icon.svg), 'utf8');
      const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
      await page.setContent(
        `<html><body style="margin:0;background:transparent">${svg.replace('<svg ', `<svg width="${icon.size}" height="${icon.size}" `)}</body></html>`,
      );
      await page.screenshot({ path: path.join(web, 'public', 'icons', icon.png), omitBackground: true });
      await page.close();
      console.warn(`web/public/icons/${icon.png} (${icon.size}x${icon.size}) from web/icons/${icon.svg}`);
    }
  } finally {
    await browser.close();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
