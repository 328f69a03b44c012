/**
 * Renders the app icons (PNG, for the web manifest) from the favicon's SVG with the system's
 * Chromium: `node --import tsx scripts/make-icons.ts`. The PNGs are committed.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

const publicDir = path.resolve(import.meta.dirname, '../apps/web/public');
const svg = readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8');

const context = await chromium.launchPersistentContext(mkdtempSync(path.join(tmpdir(), 'icons-')), {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
const page = await context.newPage();
for (const { size, name, inset } of [
  { size: 192, name: 'icon-192.png', inset: 0 },
  { size: 512, name: 'icon-512.png', inset: 0 },
  // Maskable icons keep their subject inside the middle 80 %, on a full-bleed background.
  { size: 512, name: 'icon-maskable-512.png', inset: 0.12 },
]) {
  await page.setViewportSize({ width: size, height: size });
  const pad = Math.round(size * inset);
  await page.setContent(
    `<body style="margin:0;background:#166534"><div style="padding:${pad}px;width:${size - 2 * pad}px;height:${size - 2 * pad}px">${svg.replace('<svg ', '<svg width="100%" height="100%" ')}</div></body>`,
  );
  await page.screenshot({ path: path.join(publicDir, 'icons', name), omitBackground: inset === 0 });
}
await context.close();
console.log('icons written');
