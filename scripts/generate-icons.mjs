// Draws the PWA icons (public/icons/*.png) from public/favicon.svg in Debian's Chromium. Run once
// after the logo changes (`node scripts/generate-icons.mjs`) and commit the PNGs: the build only
// copies them. A maskable icon fills its square and keeps the drawing inside the central circle
// that every launcher mask leaves visible (radius 40% of the side).
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumPath, root } from './lib.mjs';

const svg = readFileSync(join(root, 'public', 'favicon.svg'), 'utf8');
const background = /<rect [^>]*fill="(#[0-9a-fA-F]{6})"/.exec(svg)?.[1];
if (!background) throw new Error('favicon.svg has no filled <rect> to take the background from');
const outDir = join(root, 'public', 'icons');

// `fill`: the share of the side the drawing takes; `bleed`: paint the whole square (no corners).
const icons = [
  { file: 'icon-192.png', size: 192, fill: 1, bleed: false },
  { file: 'icon-512.png', size: 512, fill: 1, bleed: false },
  { file: 'icon-maskable-512.png', size: 512, fill: 0.75, bleed: true },
  { file: 'apple-touch-icon.png', size: 180, fill: 0.85, bleed: true },
];

const page = (icon) => `<!doctype html><html><body style="margin:0;width:${icon.size}px;height:${
  icon.size
}px;display:grid;place-items:center;background:${icon.bleed ? background : 'transparent'}">
<img style="width:${icon.size * icon.fill}px;height:${icon.size * icon.fill}px"
 src="data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}"></body></html>`;

mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox'] });
try {
  for (const icon of icons) {
    const tab = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    await tab.setContent(page(icon));
    await tab.locator('img').evaluate((img) => img.decode());
    await tab.screenshot({ path: join(outDir, icon.file), omitBackground: !icon.bleed });
    await tab.close();
    console.info(`public/icons/${icon.file} (${icon.size}×${icon.size})`);
  }
} finally {
  await browser.close();
}
