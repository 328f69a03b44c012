/**
 * Draws the demo catalogue's pictures: two SVGs per product (the product, and the product in
 * use with its key figures), written to apps/web/public/img/products. Run after changing the
 * demo products: `node --import tsx scripts/make-product-art.ts`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { demoProducts, type DemoProduct } from '../apps/server/src/db/seed/demo-products.ts';
import { demoImagePaths, slugify } from '../apps/server/src/db/seed/slug.ts';

const out = path.resolve(import.meta.dirname, '../apps/web/public');

const palettes: Record<DemoProduct['category'], [string, string, string]> = {
  'solar-lanterns': ['#fef3c7', '#f59e0b', '#78350f'],
  'solar-home-systems': ['#dcfce7', '#16a34a', '#14532d'],
  'tv-kits': ['#e0e7ff', '#4f46e5', '#1e1b4b'],
  fridges: ['#e0f2fe', '#0284c7', '#0c4a6e'],
  'water-pumps': ['#cffafe', '#0891b2', '#164e63'],
  cookstoves: ['#ffedd5', '#ea580c', '#7c2d12'],
  batteries: ['#f3e8ff', '#9333ea', '#3b0764'],
  inverters: ['#f1f5f9', '#475569', '#0f172a'],
};

const panel = (x: number, y: number, w: number, h: number) =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="4" fill="#1e3a8a"/>` +
  `<path d="M${x + w / 3} ${y}v${h}M${x + (2 * w) / 3} ${y}v${h}M${x} ${y + h / 2}h${w}" stroke="#93c5fd" stroke-width="2"/>`;

const drawings: Record<DemoProduct['category'], (accent: string, dark: string) => string> = {
  'solar-lanterns': (a, d) =>
    `<rect x="120" y="70" width="80" height="30" rx="8" fill="${d}"/><path d="M140 70a20 20 0 0 1 40 0" stroke="${d}" stroke-width="6" fill="none"/>` +
    `<rect x="110" y="100" width="100" height="120" rx="18" fill="${a}"/><rect x="125" y="115" width="70" height="90" rx="12" fill="#fff7d6"/>` +
    `<circle cx="160" cy="160" r="26" fill="#fde047"/><rect x="115" y="220" width="90" height="16" rx="6" fill="${d}"/>`,
  'solar-home-systems': (a, d) =>
    `<path d="M60 150 160 80l100 70v100H60Z" fill="#fff" stroke="${d}" stroke-width="6"/>${panel(95, 92, 90, 40)}` +
    `<rect x="140" y="190" width="40" height="60" fill="${a}"/><circle cx="100" cy="180" r="12" fill="#fde047"/><circle cx="220" cy="180" r="12" fill="#fde047"/>`,
  'tv-kits': (a, d) =>
    `<rect x="60" y="80" width="200" height="120" rx="8" fill="${d}"/><rect x="70" y="90" width="180" height="100" fill="${a}"/>` +
    `<path d="M90 170l40-40 30 25 30-35 50 50Z" fill="#c7d2fe"/><rect x="140" y="200" width="40" height="20" fill="${d}"/><rect x="110" y="220" width="100" height="10" rx="4" fill="${d}"/>`,
  fridges: (a, d) =>
    `<rect x="100" y="50" width="120" height="200" rx="12" fill="#fff" stroke="${d}" stroke-width="6"/><path d="M100 120h120" stroke="${d}" stroke-width="6"/>` +
    `<rect x="200" y="70" width="8" height="30" rx="3" fill="${a}"/><rect x="200" y="140" width="8" height="50" rx="3" fill="${a}"/>`,
  'water-pumps': (a, d) =>
    `<rect x="90" y="150" width="90" height="70" rx="10" fill="${a}"/><circle cx="135" cy="185" r="22" fill="#fff"/><circle cx="135" cy="185" r="8" fill="${d}"/>` +
    `<path d="M180 175h60v-40" stroke="${d}" stroke-width="12" fill="none"/><path d="M240 120c-8 14-8 22 0 26 8-4 8-12 0-26Z" fill="#38bdf8"/>` +
    `<rect x="80" y="220" width="110" height="14" rx="6" fill="${d}"/>`,
  cookstoves: (a, d) =>
    `<path d="M95 130h130l-15 100H110Z" fill="${a}"/><rect x="85" y="118" width="150" height="16" rx="6" fill="${d}"/>` +
    `<path d="M140 110c-10-18 8-26 0-44 18 12 22 28 10 44Zm30 0c-8-14 6-20 0-34 14 10 16 22 8 34Z" fill="#f97316"/><rect x="135" y="170" width="50" height="34" rx="6" fill="${d}"/>`,
  batteries: (a, d) =>
    `<rect x="80" y="90" width="160" height="140" rx="12" fill="${a}"/><rect x="100" y="72" width="30" height="20" rx="4" fill="${d}"/><rect x="190" y="72" width="30" height="20" rx="4" fill="${d}"/>` +
    `<path d="M165 120l-25 45h22l-8 40 30-52h-22Z" fill="#fde047"/>`,
  inverters: (a, d) =>
    `<rect x="90" y="60" width="140" height="180" rx="12" fill="#fff" stroke="${d}" stroke-width="6"/><rect x="110" y="80" width="100" height="50" rx="6" fill="${d}"/>` +
    `<path d="M120 105q10-18 20 0t20 0 20 0 20 0" stroke="#4ade80" stroke-width="4" fill="none"/><circle cx="130" cy="170" r="10" fill="${a}"/><circle cx="190" cy="170" r="10" fill="${a}"/><rect x="120" y="200" width="80" height="12" rx="4" fill="${a}"/>`,
};

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

function productPicture(p: DemoProduct): string {
  const [bg, accent, dark] = palettes[p.category];
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 320" role="img" aria-label="${escape(p.name)}">` +
    `<rect width="320" height="320" fill="${bg}"/><circle cx="270" cy="50" r="26" fill="#facc15" opacity=".8"/>` +
    drawings[p.category](accent, dark) +
    `<text x="160" y="290" text-anchor="middle" font-family="system-ui,sans-serif" font-size="18" font-weight="700" fill="${dark}">${escape(p.brand)}</text></svg>\n`
  );
}

function figuresPicture(p: DemoProduct): string {
  const [bg, accent, dark] = palettes[p.category];
  const lines = [
    p.specs.panelWatts !== null ? `${p.specs.panelWatts} W solar panel` : null,
    p.specs.batteryWh !== null ? `${p.specs.batteryWh.toLocaleString('en-US')} Wh battery` : null,
    p.specs.lights !== null ? `${p.specs.lights} light${p.specs.lights === 1 ? '' : 's'}` : null,
    `${p.specs.warrantyMonths}-month warranty`,
  ].filter((line): line is string => line !== null);
  const text = lines
    .map(
      (line, i) =>
        `<text x="40" y="${150 + i * 36}" font-family="system-ui,sans-serif" font-size="20" fill="${dark}">• ${escape(line)}</text>`,
    )
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 320" role="img" aria-label="${escape(p.name)}: key figures">` +
    `<rect width="320" height="320" fill="#fff"/><rect width="320" height="110" fill="${bg}"/><rect y="104" width="320" height="6" fill="${accent}"/>` +
    `<text x="40" y="68" font-family="system-ui,sans-serif" font-size="24" font-weight="700" fill="${dark}">${escape(p.brand)}</text>${text}</svg>\n`
  );
}

mkdirSync(path.join(out, 'img/products'), { recursive: true });
for (const product of demoProducts) {
  const [first, second] = demoImagePaths(slugify(product.name));
  writeFileSync(path.join(out, first!), productPicture(product));
  writeFileSync(path.join(out, second!), figuresPicture(product));
}
console.log(`wrote ${demoProducts.length * 2} pictures`);
