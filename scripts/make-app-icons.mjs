#!/usr/bin/env node
/**
 * Draws Gavel's app icons (the installable app's home-screen and splash icons) from the gavel
 * mark of client/public/favicon.svg and writes them as PNG into client/public/icons/:
 *
 *   icon-192.png, icon-512.png    purpose "any": the rounded green tile as the favicon draws it
 *   icon-maskable-512.png         purpose "maskable": full-bleed green, the mark inside the
 *                                 central safe circle (radius 40% of the size) so any mask shape keeps it
 *   apple-touch-icon-180.png      iOS home screen (square, iOS rounds the corners itself)
 *
 * The colours are the theme's (client/src/app/theme.ts): gavel.8 #0a5a31 and gold.4 #f5ba1f.
 * Run again after changing the mark: `node scripts/make-app-icons.mjs`; the PNGs are committed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const outDir = fileURLToPath(new URL('../client/public/icons/', import.meta.url));
const GREEN = '#0a5a31';
const GOLD = '#f5ba1f';

/** The gavel mark in the favicon's 64-unit box: head, handle and block. */
const MARK = `<g fill="${GOLD}"><rect x="14" y="16" width="26" height="12" rx="3" transform="rotate(-35 27 22)"/><rect x="27" y="26" width="6" height="26" rx="3" transform="rotate(-35 30 39)"/><rect x="12" y="48" width="30" height="6" rx="3"/></g>`;

/** The mark's own centre in that box (measured from its drawing), so it can be centred. */
const MARK_CENTRE = { x: 27, y: 33 };

/**
 * An icon's SVG: a green tile (rounded, or full-bleed for a maskable icon) with the mark scaled
 * by `scale` around the tile's centre.
 */
function iconSvg({ rounded, scale }) {
  const tile = rounded ? `<rect width="64" height="64" rx="14" fill="${GREEN}"/>` : `<rect width="64" height="64" fill="${GREEN}"/>`;
  const move = `translate(32 32) scale(${scale}) translate(${-MARK_CENTRE.x} ${-MARK_CENTRE.y})`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${tile}<g transform="${move}">${MARK}</g></svg>`;
}

const ICONS = [
  { file: 'icon-192.png', size: 192, svg: iconSvg({ rounded: true, scale: 1 }) },
  { file: 'icon-512.png', size: 512, svg: iconSvg({ rounded: true, scale: 1 }) },
  // The mark spans about 46 units of 64; at 0.78 its corners stay inside the safe circle of radius 25.6.
  { file: 'icon-maskable-512.png', size: 512, svg: iconSvg({ rounded: false, scale: 0.78 }) },
  { file: 'apple-touch-icon-180.png', size: 180, svg: iconSvg({ rounded: false, scale: 0.8 }) },
];

fs.mkdirSync(outDir, { recursive: true });
for (const icon of ICONS) {
  const target = path.join(outDir, icon.file);
  await sharp(Buffer.from(icon.svg), { density: (72 * icon.size) / 64 })
    .resize(icon.size, icon.size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(target);
  console.log(`${path.relative(process.cwd(), target)} ${icon.size}×${icon.size} ${fs.statSync(target).size} bytes`);
}
