import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { storedBanner, writeBannerFiles, type StoredBanner } from '../../adverts/adverts.service.js';

/**
 * Placeholder pictures for the seeded catalogue: SVG drawn here (gradient per category, a large
 * vector pictogram, the lot's name) and rendered to WebP with sharp. No network, no fonts beyond
 * the system sans-serif (DejaVu/Liberation on Debian).
 */

/** Category of a lot: picks the colours of its pictures and the code prefix (GAV-VEH-0012). */
export type SeedCategory =
  | 'vehicles'
  | 'trucks'
  | 'motorbikes'
  | 'furniture'
  | 'electronics'
  | 'phones'
  | 'appliances'
  | 'farm'
  | 'machinery'
  | 'property'
  | 'land'
  | 'repossessed'
  | 'general';

/** Shape drawn in the middle of a picture. */
export type Pictogram =
  | 'car'
  | 'suv'
  | 'pickup'
  | 'van'
  | 'truck'
  | 'motorbike'
  | 'sofa'
  | 'bed'
  | 'table'
  | 'tv'
  | 'laptop'
  | 'phone'
  | 'fridge'
  | 'tractor'
  | 'machine'
  | 'house'
  | 'building'
  | 'plot'
  | 'box';

interface Theme {
  label: string;
  from: string;
  to: string;
  /** Dark tone used for windows and details inside the pictogram. */
  ink: string;
}

/** Colours and labels per category. */
export const THEMES: Record<SeedCategory, Theme> = {
  vehicles: { label: 'Vehicles', from: '#0b2a6b', to: '#3b82f6', ink: '#0b2a6b' },
  trucks: { label: 'Trucks & Commercial', from: '#1e293b', to: '#64748b', ink: '#1e293b' },
  motorbikes: { label: 'Motorcycles', from: '#7c2d12', to: '#f59e0b', ink: '#7c2d12' },
  furniture: { label: 'Furniture', from: '#5b3413', to: '#d6923a', ink: '#5b3413' },
  electronics: { label: 'Electronics', from: '#3b0f7a', to: '#8b5cf6', ink: '#3b0f7a' },
  phones: { label: 'Phones & Tablets', from: '#0b4f4a', to: '#14b8a6', ink: '#0b4f4a' },
  appliances: { label: 'Home Appliances', from: '#0e4a5c', to: '#22c3e6', ink: '#0e4a5c' },
  farm: { label: 'Farm Equipment', from: '#12431f', to: '#4ade80', ink: '#12431f' },
  machinery: { label: 'Plant & Machinery', from: '#8a2c0b', to: '#fb923c', ink: '#8a2c0b' },
  property: { label: 'Property', from: '#1e1b4b', to: '#818cf8', ink: '#1e1b4b' },
  land: { label: 'Land & Plots', from: '#5c3b0a', to: '#d9a520', ink: '#5c3b0a' },
  repossessed: { label: 'Bank Repossession', from: '#6b0f14', to: '#ef4444', ink: '#6b0f14' },
  general: { label: 'General Goods', from: '#27303f', to: '#9ca3af', ink: '#27303f' },
};

const TYRE = '#111827';
const FG = '#ffffff';

/** Pictograms drawn in a 400 x 240 box. `ink` colours windows, screens and other details. */
function pictogram(kind: Pictogram, ink: string): string {
  const wheel = (cx: number, cy: number, r: number) =>
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${TYRE}"/><circle cx="${cx}" cy="${cy}" r="${Math.round(r * 0.45)}" fill="#d1d5db"/><circle cx="${cx}" cy="${cy}" r="${Math.round(r * 0.15)}" fill="${TYRE}"/>`;
  switch (kind) {
    case 'car':
      return `<path d="M18 180 L18 146 Q20 128 42 124 L112 114 L160 70 Q172 60 190 60 L276 60 Q294 60 306 72 L348 114 L372 120 Q388 126 388 146 L388 180 Z" fill="${FG}"/>
        <path d="M128 114 L168 76 L226 76 L226 114 Z" fill="${ink}" opacity="0.75"/>
        <path d="M238 76 L286 76 Q296 76 302 84 L330 114 L238 114 Z" fill="${ink}" opacity="0.75"/>
        <rect x="360" y="134" width="22" height="10" rx="3" fill="#fde68a"/>
        ${wheel(100, 182, 36)}${wheel(310, 182, 36)}`;
    case 'suv':
      return `<path d="M16 184 L16 120 Q18 104 40 100 L96 94 L126 46 Q132 36 146 36 L330 36 Q350 36 356 56 L372 100 Q388 106 388 124 L388 184 Z" fill="${FG}"/>
        <path d="M108 96 L138 52 L220 52 L220 96 Z" fill="${ink}" opacity="0.75"/>
        <path d="M232 52 L336 52 Q342 52 344 60 L356 96 L232 96 Z" fill="${ink}" opacity="0.75"/>
        <rect x="120" y="24" width="200" height="8" rx="4" fill="${FG}"/>
        <rect x="18" y="130" width="20" height="10" rx="3" fill="#fde68a"/>
        ${wheel(96, 186, 38)}${wheel(312, 186, 38)}`;
    case 'pickup':
      return `<path d="M14 184 L14 130 Q16 114 36 110 L80 104 L118 56 Q126 46 140 46 L222 46 Q232 46 232 58 L232 108 L390 108 L390 184 Z" fill="${FG}"/>
        <path d="M96 104 L130 62 L218 62 L218 104 Z" fill="${ink}" opacity="0.75"/>
        <rect x="240" y="96" width="150" height="10" rx="3" fill="${FG}"/>
        <line x1="246" y1="128" x2="384" y2="128" stroke="${ink}" stroke-width="4" opacity="0.35"/>
        <rect x="16" y="136" width="20" height="10" rx="3" fill="#fde68a"/>
        ${wheel(88, 186, 38)}${wheel(318, 186, 38)}`;
    case 'van':
      return `<path d="M20 186 L20 110 Q22 70 60 40 Q72 30 92 30 L372 30 Q388 30 388 48 L388 186 Z" fill="${FG}"/>
        <path d="M44 104 Q50 70 78 50 L112 50 L112 104 Z" fill="${ink}" opacity="0.75"/>
        <rect x="124" y="50" width="70" height="48" rx="6" fill="${ink}" opacity="0.75"/>
        <rect x="204" y="50" width="70" height="48" rx="6" fill="${ink}" opacity="0.75"/>
        <rect x="284" y="50" width="84" height="48" rx="6" fill="${ink}" opacity="0.75"/>
        <line x1="20" y1="132" x2="388" y2="132" stroke="${ink}" stroke-width="5" opacity="0.3"/>
        ${wheel(92, 188, 36)}${wheel(316, 188, 36)}`;
    case 'truck':
      return `<rect x="150" y="18" width="240" height="146" rx="6" fill="${FG}"/>
        <line x1="150" y1="60" x2="390" y2="60" stroke="${ink}" stroke-width="3" opacity="0.25"/>
        <line x1="150" y1="110" x2="390" y2="110" stroke="${ink}" stroke-width="3" opacity="0.25"/>
        <path d="M18 180 L18 96 Q18 62 50 58 L132 58 Q142 58 142 70 L142 180 Z" fill="${FG}"/>
        <path d="M34 110 L38 80 Q40 72 50 72 L124 72 L124 110 Z" fill="${ink}" opacity="0.75"/>
        <rect x="18" y="168" width="372" height="16" fill="${ink}" opacity="0.55"/>
        <rect x="22" y="136" width="18" height="12" rx="3" fill="#fde68a"/>
        ${wheel(76, 190, 34)}${wheel(270, 190, 34)}${wheel(342, 190, 34)}`;
    case 'motorbike':
      return `${wheel(92, 170, 52)}${wheel(312, 170, 52)}
        <path d="M92 170 L160 110 L250 110 L312 170" stroke="${FG}" stroke-width="14" fill="none" stroke-linejoin="round"/>
        <path d="M150 108 Q170 70 226 72 L262 78 Q270 96 250 110 Z" fill="${FG}"/>
        <path d="M230 70 L300 64 L310 78 L262 86 Z" fill="${ink}" opacity="0.8"/>
        <rect x="168" y="112" width="70" height="40" rx="8" fill="${FG}"/>
        <path d="M270 110 L288 40 L320 36" stroke="${FG}" stroke-width="10" fill="none" stroke-linecap="round"/>
        <circle cx="300" cy="58" r="10" fill="#fde68a"/>`;
    case 'sofa':
      return `<rect x="58" y="40" width="284" height="104" rx="26" fill="${FG}"/>
        <line x1="200" y1="52" x2="200" y2="134" stroke="${ink}" stroke-width="4" opacity="0.3"/>
        <rect x="40" y="128" width="320" height="52" rx="14" fill="${FG}"/>
        <line x1="200" y1="132" x2="200" y2="176" stroke="${ink}" stroke-width="4" opacity="0.3"/>
        <rect x="12" y="86" width="66" height="112" rx="24" fill="${FG}"/>
        <rect x="322" y="86" width="66" height="112" rx="24" fill="${FG}"/>
        <rect x="30" y="196" width="14" height="26" rx="3" fill="${TYRE}"/>
        <rect x="356" y="196" width="14" height="26" rx="3" fill="${TYRE}"/>`;
    case 'bed':
      return `<rect x="30" y="30" width="70" height="180" rx="10" fill="${FG}"/>
        <rect x="96" y="110" width="280" height="60" rx="10" fill="${FG}"/>
        <rect x="104" y="84" width="84" height="34" rx="14" fill="${FG}" stroke="${ink}" stroke-opacity="0.3" stroke-width="4"/>
        <rect x="190" y="96" width="180" height="22" rx="8" fill="${ink}" opacity="0.35"/>
        <rect x="96" y="168" width="284" height="16" rx="4" fill="${FG}"/>
        <rect x="360" y="150" width="20" height="64" rx="4" fill="${FG}"/>
        <rect x="30" y="200" width="16" height="20" fill="${TYRE}"/><rect x="364" y="204" width="16" height="16" fill="${TYRE}"/>`;
    case 'table':
      return `<rect x="60" y="92" width="280" height="18" rx="6" fill="${FG}"/>
        <rect x="84" y="110" width="14" height="104" fill="${FG}"/><rect x="302" y="110" width="14" height="104" fill="${FG}"/>
        <path d="M12 60 Q12 40 32 40 L52 40 L52 140 L84 140 L84 214 L70 214 L70 156 L26 156 L26 214 L12 214 Z" fill="${FG}" opacity="0.92"/>
        <path d="M388 60 Q388 40 368 40 L348 40 L348 140 L316 140 L316 214 L330 214 L330 156 L374 156 L374 214 L388 214 Z" fill="${FG}" opacity="0.92"/>
        <circle cx="200" cy="78" r="14" fill="${ink}" opacity="0.35"/>`;
    case 'tv':
      return `<rect x="30" y="8" width="340" height="196" rx="12" fill="${FG}"/>
        <rect x="44" y="22" width="312" height="168" rx="4" fill="${ink}"/>
        <path d="M44 22 L220 22 L120 190 L44 190 Z" fill="${FG}" opacity="0.12"/>
        <path d="M170 204 L230 204 L250 232 L150 232 Z" fill="${FG}"/>`;
    case 'laptop':
      return `<rect x="74" y="14" width="252" height="166" rx="12" fill="${FG}"/>
        <rect x="88" y="28" width="224" height="138" rx="4" fill="${ink}"/>
        <path d="M88 28 L200 28 L130 166 L88 166 Z" fill="${FG}" opacity="0.12"/>
        <path d="M30 188 L370 188 L384 212 Q386 222 374 222 L26 222 Q14 222 16 212 Z" fill="${FG}"/>
        <rect x="170" y="194" width="60" height="8" rx="4" fill="${ink}" opacity="0.35"/>`;
    case 'phone':
      return `<rect x="128" y="0" width="144" height="238" rx="24" fill="${FG}"/>
        <rect x="140" y="22" width="120" height="196" rx="8" fill="${ink}"/>
        <rect x="182" y="8" width="36" height="6" rx="3" fill="${ink}" opacity="0.5"/>
        <path d="M140 22 L230 22 L150 200 L140 200 Z" fill="${FG}" opacity="0.12"/>
        <rect x="290" y="60" width="70" height="120" rx="12" fill="${FG}" opacity="0.6"/>
        <rect x="298" y="72" width="54" height="96" rx="4" fill="${ink}" opacity="0.6"/>`;
    case 'fridge':
      return `<rect x="120" y="0" width="160" height="232" rx="14" fill="${FG}"/>
        <line x1="120" y1="82" x2="280" y2="82" stroke="${ink}" stroke-width="5" opacity="0.45"/>
        <rect x="256" y="24" width="10" height="42" rx="5" fill="${ink}" opacity="0.6"/>
        <rect x="256" y="100" width="10" height="70" rx="5" fill="${ink}" opacity="0.6"/>
        <rect x="300" y="110" width="84" height="122" rx="10" fill="${FG}" opacity="0.7"/>
        <rect x="312" y="124" width="60" height="34" rx="4" fill="${ink}" opacity="0.5"/>`;
    case 'tractor':
      return `<path d="M60 150 L60 110 Q60 100 72 100 L216 100 L216 80 L228 30 L332 30 L340 112 L340 150 Z" fill="${FG}"/>
        <path d="M240 44 L318 44 L324 104 L232 104 Z" fill="${ink}" opacity="0.75"/>
        <rect x="220" y="22" width="124" height="12" rx="4" fill="${FG}"/>
        <rect x="104" y="52" width="12" height="50" rx="3" fill="${FG}"/>
        <line x1="78" y1="116" x2="200" y2="116" stroke="${ink}" stroke-width="4" opacity="0.3"/>
        <line x1="78" y1="132" x2="200" y2="132" stroke="${ink}" stroke-width="4" opacity="0.3"/>
        ${wheel(92, 186, 40)}${wheel(290, 164, 70)}`;
    case 'machine':
      return `<rect x="40" y="50" width="320" height="140" rx="12" fill="${FG}"/>
        <rect x="58" y="68" width="120" height="104" rx="8" fill="${ink}" opacity="0.7"/>
        <circle cx="118" cy="120" r="36" fill="${FG}" opacity="0.9"/><circle cx="118" cy="120" r="14" fill="${ink}"/>
        ${[0, 1, 2, 3, 4, 5].map((i) => `<rect x="${200 + i * 24}" y="70" width="12" height="70" rx="4" fill="${ink}" opacity="0.35"/>`).join('')}
        <rect x="200" y="150" width="140" height="22" rx="4" fill="${ink}" opacity="0.55"/>
        <circle cx="218" cy="161" r="6" fill="#4ade80"/><circle cx="240" cy="161" r="6" fill="#fbbf24"/>
        <rect x="26" y="190" width="348" height="14" rx="4" fill="${TYRE}"/>
        <rect x="92" y="22" width="60" height="28" rx="6" fill="${FG}"/>
        ${wheel(70, 214, 20)}${wheel(330, 214, 20)}`;
    case 'house':
      return `<rect x="78" y="104" width="244" height="126" fill="${FG}"/>
        <path d="M40 112 L200 10 L360 112 Z" fill="${FG}"/>
        <path d="M40 112 L200 10 L360 112" stroke="${ink}" stroke-width="8" fill="none" opacity="0.35" stroke-linejoin="round"/>
        <rect x="282" y="30" width="26" height="52" fill="${FG}"/>
        <rect x="176" y="152" width="48" height="78" rx="3" fill="${ink}" opacity="0.75"/>
        <rect x="100" y="134" width="52" height="44" rx="3" fill="${ink}" opacity="0.6"/>
        <rect x="248" y="134" width="52" height="44" rx="3" fill="${ink}" opacity="0.6"/>
        <line x1="126" y1="134" x2="126" y2="178" stroke="${FG}" stroke-width="4"/><line x1="274" y1="134" x2="274" y2="178" stroke="${FG}" stroke-width="4"/>
        <rect x="0" y="228" width="400" height="10" rx="4" fill="${FG}" opacity="0.5"/>`;
    case 'building':
      return `<rect x="90" y="10" width="150" height="222" fill="${FG}"/>
        <rect x="240" y="80" width="110" height="152" fill="${FG}" opacity="0.85"/>
        ${[0, 1, 2, 3, 4].map((r) => [0, 1, 2].map((c) => `<rect x="${106 + c * 44}" y="${26 + r * 36}" width="30" height="22" rx="2" fill="${ink}" opacity="0.65"/>`).join('')).join('')}
        ${[0, 1, 2].map((r) => `<rect x="256" y="${96 + r * 36}" width="78" height="20" rx="2" fill="${ink}" opacity="0.5"/>`).join('')}
        <rect x="146" y="198" width="40" height="34" fill="${ink}" opacity="0.8"/>
        <rect x="40" y="228" width="330" height="10" rx="4" fill="${FG}" opacity="0.5"/>`;
    case 'plot':
      return `<path d="M20 220 L110 120 L330 120 L388 220 Z" fill="${FG}" opacity="0.3"/>
        <path d="M20 220 L110 120 L330 120 L388 220 Z" fill="none" stroke="${FG}" stroke-width="5" stroke-dasharray="16 10"/>
        ${[
          [20, 220],
          [110, 120],
          [330, 120],
          [388, 220],
        ]
          .map(([x, y]) => `<rect x="${x - 6}" y="${y - 26}" width="12" height="30" rx="2" fill="${FG}"/>`)
          .join('')}
        <rect x="186" y="70" width="10" height="110" fill="${FG}"/>
        <rect x="136" y="26" width="110" height="58" rx="6" fill="${FG}"/>
        <text x="191" y="64" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="26" font-weight="700" fill="${ink}" text-anchor="middle">PLOT</text>
        <rect x="300" y="60" width="12" height="64" fill="${FG}"/>
        <circle cx="306" cy="48" r="34" fill="${FG}" opacity="0.9"/><circle cx="284" cy="66" r="22" fill="${FG}" opacity="0.9"/>`;
    case 'box':
      return `<path d="M200 20 L360 70 L200 120 L40 70 Z" fill="${FG}" opacity="0.95"/>
        <path d="M40 70 L200 120 L200 236 L40 186 Z" fill="${FG}" opacity="0.85"/>
        <path d="M360 70 L200 120 L200 236 L360 186 Z" fill="${FG}" opacity="0.7"/>
        <path d="M120 45 L280 95 L280 130 L250 120 L250 104 L100 56 Z" fill="${ink}" opacity="0.35"/>
        <rect x="250" y="150" width="70" height="30" rx="4" transform="rotate(-18 285 165)" fill="${ink}" opacity="0.55"/>`;
  }
}

function escapeXml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Splits `text` into at most `maxLines` lines of about `width` characters, with an ellipsis when cut. */
function wrap(text: string, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (!line) line = word;
    else if (line.length + 1 + word.length <= width) line += ` ${word}`;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = `${kept[maxLines - 1].slice(0, width - 1).trimEnd()}…`;
    return kept;
  }
  return lines;
}

const FONT = 'DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif';

/** What one item picture shows. `variant` 0 is the main picture; 1-3 are alternative views. */
export interface ItemImageSpec {
  category: SeedCategory;
  pictogram: Pictogram;
  /** Text at the bottom (the lot's name for the main picture). */
  caption: string;
  /** Smaller line under the caption. */
  subcaption?: string;
  variant?: number;
}

/** SVG of an item picture, `w` x `h` (drawn for 800 x 600, scaled). */
export function itemSvg(spec: ItemImageSpec, w = 800, h = 600): string {
  const theme = THEMES[spec.category];
  const v = spec.variant ?? 0;
  const angle = [135, 160, 110, 200][v % 4];
  // Variant views show the pictogram at another scale/offset, as if photographed from elsewhere.
  const layouts = [
    { s: 1.2, x: 160, y: 92 },
    { s: 1.55, x: 90, y: 40 },
    { s: 1.0, x: 210, y: 120 },
    { s: 1.35, x: 60, y: 70 },
  ];
  const L = layouts[v % 4];
  const lines = wrap(spec.caption, 34, 2);
  const bandTop = lines.length > 1 ? 452 : 482;
  const captionSvg = lines
    .map((l, i) => `<text x="40" y="${bandTop + 48 + i * 42}" font-family="${FONT}" font-size="34" font-weight="700" fill="#ffffff">${escapeXml(l)}</text>`)
    .join('');
  const sub = spec.subcaption
    ? `<text x="40" y="${bandTop + 48 + lines.length * 42 - 4}" font-family="${FONT}" font-size="20" fill="#e5e7eb" opacity="0.9">${escapeXml(spec.subcaption)}</text>`
    : '';
  const rad = (angle * Math.PI) / 180;
  const gx = (0.5 - Math.cos(rad) / 2).toFixed(3);
  const gy = (0.5 - Math.sin(rad) / 2).toFixed(3);
  const gx2 = (0.5 + Math.cos(rad) / 2).toFixed(3);
  const gy2 = (0.5 + Math.sin(rad) / 2).toFixed(3);
  const pill = theme.label.toUpperCase();
  const pillW = 24 + pill.length * 11.5;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 800 600">
  <defs>
    <linearGradient id="bg" x1="${gx}" y1="${gy}" x2="${gx2}" y2="${gy2}">
      <stop offset="0" stop-color="${theme.from}"/><stop offset="1" stop-color="${theme.to}"/>
    </linearGradient>
    <radialGradient id="glow" cx="0.5" cy="0.4" r="0.6">
      <stop offset="0" stop-color="#ffffff" stop-opacity="0.22"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/>
    </radialGradient>
    <linearGradient id="band" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#000000" stop-opacity="0"/><stop offset="0.35" stop-color="#000000" stop-opacity="0.45"/><stop offset="1" stop-color="#000000" stop-opacity="0.7"/>
    </linearGradient>
  </defs>
  <rect width="800" height="600" fill="url(#bg)"/>
  <rect width="800" height="600" fill="url(#glow)"/>
  <circle cx="${680 - v * 90}" cy="${90 + v * 40}" r="170" fill="#ffffff" opacity="0.06"/>
  <circle cx="${90 + v * 60}" cy="${470 - v * 30}" r="120" fill="#ffffff" opacity="0.05"/>
  <ellipse cx="${L.x + 200 * L.s}" cy="${L.y + 236 * L.s}" rx="${190 * L.s}" ry="${16 * L.s}" fill="#000000" opacity="0.22"/>
  <g transform="translate(${L.x} ${L.y}) scale(${L.s})">${pictogram(spec.pictogram, theme.ink)}</g>
  <rect x="0" y="${bandTop - 40}" width="800" height="${640 - bandTop}" fill="url(#band)"/>
  <rect x="28" y="26" width="${pillW}" height="36" rx="18" fill="#000000" opacity="0.35"/>
  <text x="${28 + pillW / 2}" y="50" font-family="${FONT}" font-size="16" font-weight="700" fill="#ffffff" text-anchor="middle" letter-spacing="1">${escapeXml(pill)}</text>
  <text x="772" y="52" font-family="${FONT}" font-size="22" font-weight="700" fill="#ffffff" opacity="0.85" text-anchor="end" letter-spacing="3">GAVEL</text>
  ${captionSvg}${sub}
</svg>`;
}

/** What an advert banner shows. */
export interface BannerSpec {
  title: string;
  subtitle: string;
  badge: string;
  cta: string;
  from: string;
  to: string;
  pictograms: Pictogram[];
}

/** SVG of a 1200 x 400 advert banner. */
export function bannerSvg(spec: BannerSpec): string {
  const icons = spec.pictograms
    .slice(0, 3)
    // Middle pictogram large at the top, the other two smaller below it on either side.
    .map((p, i) => {
      const [x, y, s] = [
        [730, 226, 0.44],
        [818, 40, 0.7],
        [1000, 226, 0.44],
      ][i];
      return `<g transform="translate(${x} ${y}) scale(${s})" opacity="${i === 1 ? 1 : 0.92}">${pictogram(p, spec.from)}</g>`;
    })
    .join('');
  const titleLines = wrap(spec.title, 26, 2);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="400" viewBox="0 0 1200 400">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${spec.from}"/><stop offset="1" stop-color="${spec.to}"/></linearGradient>
  </defs>
  <rect width="1200" height="400" fill="url(#bg)"/>
  <circle cx="1020" cy="60" r="260" fill="#ffffff" opacity="0.07"/>
  <circle cx="860" cy="420" r="200" fill="#ffffff" opacity="0.05"/>
  ${icons}
  <rect x="60" y="50" width="${40 + spec.badge.length * 14.5}" height="38" rx="19" fill="#ffffff" opacity="0.95"/>
  <text x="${80}" y="76" font-family="${FONT}" font-size="18" font-weight="700" fill="${spec.from}" letter-spacing="1">${escapeXml(spec.badge.toUpperCase())}</text>
  ${titleLines.map((l, i) => `<text x="60" y="${150 + i * 56}" font-family="${FONT}" font-size="48" font-weight="700" fill="#ffffff">${escapeXml(l)}</text>`).join('')}
  <text x="60" y="${150 + titleLines.length * 56 + 4}" font-family="${FONT}" font-size="22" fill="#f3f4f6">${escapeXml(spec.subtitle)}</text>
  <rect x="60" y="${150 + titleLines.length * 56 + 36}" width="${56 + spec.cta.length * 13}" height="52" rx="26" fill="#facc15"/>
  <text x="${88}" y="${150 + titleLines.length * 56 + 70}" font-family="${FONT}" font-size="22" font-weight="700" fill="#111827">${escapeXml(spec.cta)}</text>
  <text x="1150" y="370" font-family="${FONT}" font-size="20" font-weight="700" fill="#ffffff" opacity="0.8" text-anchor="end" letter-spacing="3">GAVEL AUCTIONEERS</text>
</svg>`;
}

/** One file to render: where it goes (relative to the uploads folder) and its SVG. */
export interface ImageJob {
  /** Relative path under the uploads folder, e.g. `items/toyota-hilux.webp`. */
  file: string;
  svg: string;
}

/** Public URL of a file under the uploads folder: `items/x.webp` → `/uploads/items/x.webp`. */
export function uploadsUrl(file: string): string {
  return `/uploads/${file.split(path.sep).join('/')}`;
}

/**
 * Renders advert banners (`file`: `adverts/name.webp`) as uploaded banners are stored: the full
 * size under that name and WebP and AVIF at 480, 800 and 1200 px beside it (server/adverts
 * writeBannerFiles), skipping a banner whose files are all there.
 * @returns each banner's full-size URL and sizes, in the order given.
 * @throws when a folder can't be created or sharp fails on an SVG.
 */
export async function renderBanners(uploadsDir: string, banners: ImageJob[]): Promise<StoredBanner[]> {
  return Promise.all(
    banners.map(async (banner) => {
      const dir = path.dirname(path.join(uploadsDir, banner.file));
      const key = path.basename(banner.file, '.webp');
      fs.mkdirSync(dir, { recursive: true });
      const names = storedBanner(key, (name) => name).variants.flatMap((v) => [v.webp, v.avif]);
      if (!names.every((n) => fs.existsSync(path.join(dir, n)))) await writeBannerFiles(dir, key, () => sharp(Buffer.from(banner.svg)));
      return storedBanner(key, (name) => uploadsUrl(path.join(path.dirname(banner.file), name)));
    }),
  );
}

/**
 * Renders the jobs to WebP under `uploadsDir`, skipping files that already exist, a few at a
 * time (CPU count). Returns how many files were written and how many were already there.
 * @throws when a folder can't be created or sharp fails on an SVG.
 */
export async function renderImages(uploadsDir: string, jobs: ImageJob[]): Promise<{ written: number; existing: number }> {
  const unique = new Map(jobs.map((j) => [j.file, j]));
  const dirs = new Set([...unique.keys()].map((f) => path.dirname(path.join(uploadsDir, f))));
  for (const dir of dirs) fs.mkdirSync(dir, { recursive: true });
  const todo = [...unique.values()].filter((j) => !fs.existsSync(path.join(uploadsDir, j.file)));
  let cursor = 0;
  const worker = async () => {
    while (cursor < todo.length) {
      const job = todo[cursor++];
      const target = path.join(uploadsDir, job.file);
      const tmp = `${target}.${process.pid}.tmp`;
      await sharp(Buffer.from(job.svg)).webp({ quality: 78, effort: 1 }).toFile(tmp);
      fs.renameSync(tmp, target); // a half-written file is never left under the final name
    }
  };
  const parallel = Math.max(2, Math.min(4, os.availableParallelism?.() ?? os.cpus().length));
  await Promise.all(Array.from({ length: parallel }, worker));
  return { written: todo.length, existing: unique.size - todo.length };
}
