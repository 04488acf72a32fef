/**
 * Materials of the demo photos: each prop is painted with its material (acrylic, mirror, metal, wood
 * grain, marble, weave, linen, velvet, sequins, ceramic) and then lit, so items that share a
 * silhouette still read as different things.
 */
export type Material =
  | 'matte'
  | 'ceramic'
  | 'acrylic'
  | 'frosted'
  | 'mirror'
  | 'metal'
  | 'wood'
  | 'marble'
  | 'woven'
  | 'linen'
  | 'velvet'
  | 'sequin';

const RULES: [RegExp, Material][] = [
  [/frosted/, 'frosted'],
  [/\b(clear|pink tint|ghost|acrylic|glass|perspex)\b/, 'acrylic'],
  [/\bmirror\b/, 'mirror'],
  [/\bsequin|shimmer\b/, 'sequin'],
  [/\b(marble|travertine|terrazzo|stone)\b/, 'marble'],
  [/\b(rattan|jute|wicker|cane|woven|pampas)\b/, 'woven'],
  [/\b(timber|oak|walnut|white wash|wooden|rustic|natural|crossback|slat|board)\b/, 'wood'],
  [/\b(velvet|teddy|plush)\b/, 'velvet'],
  [/\b(linen|tablecloth|cloth|satin|bow|cushion|curtain|drape|carpet)\b/, 'linen'],
  [/\b(gold|silver|rose gold|brass|champagne|metal|chrome|copper)\b/, 'metal'],
  [/\b(ceramic|porcelain|plate|vase|urn|pot|bowl|clam|terracotta)\b/, 'ceramic'],
];

/** The material of a variation (its colour or finish word first) or, failing that, of the item's name. */
export function materialOf(variation: string | undefined, itemName = ''): Material {
  for (const text of [variation ?? '', itemName]) {
    const words = text.toLowerCase();
    for (const [pattern, material] of RULES) if (pattern.test(words)) return material;
  }
  return 'matte';
}

/** Relative height of a size variation, so Small, Medium and Large stand as a set. */
export function sizeOf(variation: string | undefined): number {
  const word = (variation ?? '').toLowerCase();
  const table: Record<string, number> = { small: 0.72, medium: 0.86, large: 1, single: 0.8, double: 1, standard: 0.86 };
  if (word in table) return table[word] as number;
  const metres = /^(\d+(?:\.\d+)?)\s*(cm|m)$/.exec(word);
  if (metres) {
    const value = Number(metres[1]) * (metres[2] === 'm' ? 100 : 1);
    return Math.min(1, Math.max(0.55, value / (metres[2] === 'm' ? 180 : 60)));
  }
  return 1;
}

export function shade(hex: string, factor: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const ch = (v: number) =>
    Math.max(0, Math.min(255, Math.round(factor < 1 ? v * factor : v + (255 - v) * (factor - 1))))
      .toString(16)
      .padStart(2, '0');
  return `#${ch((n >> 16) & 255)}${ch((n >> 8) & 255)}${ch(n & 255)}`;
}

const stops = (list: [number, string, number?][]) =>
  list
    .map(([at, colour, opacity = 1]) => `<stop offset="${at}" stop-color="${colour}" stop-opacity="${opacity}"/>`)
    .join('');

export interface Paint {
  /** Definitions to add to the SVG's <defs>. */
  defs: string;
  /** The fill of the prop's body. */
  fill: string;
  /** Its outline. */
  line: string;
  /** A glossy highlight drawn over the body, when the material has one. */
  sheen?: string;
}

/** The paint of prop number `index` in `material` and base colour `colour` (a hex, or a tint for clear ones). */
export function paintFor(material: Material, colour: string, index: number): Paint {
  const id = `m${index}`;
  const hex = colour.startsWith('#') ? colour : '#e8eef0';
  const tint = colour === 'clear-pink' ? '#f1c6cf' : colour.startsWith('#') ? colour : '#dfeaee';
  const linear = (body: string, x2 = 1, y2 = 1) =>
    `<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}">${body}</linearGradient>`;
  const sheen = `url(#${id}s)`;
  const sheenDef = (strength: number) =>
    `<linearGradient id="${id}s" x1="0" y1="0" x2="1" y2="0.35">${stops([
      [0.18, '#fff', 0],
      [0.3, '#fff', strength],
      [0.38, '#fff', 0],
      [0.62, '#fff', 0],
      [0.68, '#fff', strength * 0.5],
      [0.74, '#fff', 0],
    ])}</linearGradient>`;
  switch (material) {
    case 'acrylic':
    case 'frosted': {
      const body = material === 'frosted' ? 0.72 : 0.3;
      return {
        defs:
          linear(
            stops([
              [0, '#ffffff', body + 0.25],
              [0.5, tint, body],
              [1, '#ffffff', body + 0.15],
            ]),
          ) + sheenDef(0.85),
        fill: `url(#${id})`,
        line: '#9db3bb',
        sheen,
      };
    }
    case 'mirror':
      return {
        defs:
          linear(
            stops([
              [0, shade(hex, 1.5)],
              [0.28, shade(hex, 0.72)],
              [0.45, shade(hex, 1.6)],
              [0.7, shade(hex, 0.8)],
              [1, shade(hex, 1.3)],
            ]),
            1,
            0.25,
          ) + sheenDef(0.9),
        fill: `url(#${id})`,
        line: shade(hex, 0.6),
        sheen,
      };
    case 'metal':
    case 'sequin': {
      const body = linear(
        stops([
          [0, shade(hex, 1.35)],
          [0.35, hex],
          [0.55, shade(hex, 0.74)],
          [0.75, shade(hex, 1.25)],
          [1, shade(hex, 0.85)],
        ]),
        1,
        0.3,
      );
      if (material === 'metal')
        return { defs: body + sheenDef(0.55), fill: `url(#${id})`, line: shade(hex, 0.62), sheen };
      return {
        defs: `${body}<pattern id="${id}p" width="3" height="3" patternUnits="userSpaceOnUse"><rect width="3" height="3" fill="url(#${id})"/><circle cx="0.8" cy="0.8" r="0.65" fill="${shade(hex, 1.55)}"/><circle cx="2.3" cy="2.2" r="0.6" fill="${shade(hex, 0.7)}"/></pattern>`,
        fill: `url(#${id}p)`,
        line: shade(hex, 0.62),
      };
    }
    case 'wood':
      return {
        defs: `<pattern id="${id}" width="9" height="60" patternUnits="userSpaceOnUse"><rect width="9" height="60" fill="${hex}"/><path d="M1.5 0q1.4 15 0 30t0 30M5 0q-1.2 12 0.6 26t-0.4 34M7.6 0q0.8 20 -0.4 60" fill="none" stroke="${shade(hex, 0.74)}" stroke-width="0.35" opacity="0.7"/><path d="M3.4 0q-1 22 0.6 60" fill="none" stroke="${shade(hex, 1.2)}" stroke-width="0.5" opacity="0.5"/></pattern>`,
        fill: `url(#${id})`,
        line: shade(hex, 0.62),
      };
    case 'marble':
      return {
        defs: `<pattern id="${id}" width="40" height="40" patternUnits="userSpaceOnUse"><rect width="40" height="40" fill="${hex}"/><path d="M-2 8q10 4 16 -2t20 6t10 -4M4 30q8 -6 14 2t18 -4M20 0q-4 14 4 22t-2 18" fill="none" stroke="${shade(hex, hex > '#888888' ? 0.62 : 1.8)}" stroke-width="0.45" opacity="0.55"/><path d="M10 18q6 3 9 -1" fill="none" stroke="${shade(hex, 0.5)}" stroke-width="0.25" opacity="0.5"/></pattern>`,
        fill: `url(#${id})`,
        line: shade(hex, 0.7),
      };
    case 'woven':
      return {
        defs: `<pattern id="${id}" width="3.2" height="3.2" patternUnits="userSpaceOnUse"><rect width="3.2" height="3.2" fill="${hex}"/><path d="M0 0L3.2 3.2M3.2 0L0 3.2" stroke="${shade(hex, 0.72)}" stroke-width="0.45"/><path d="M0 1.6H3.2" stroke="${shade(hex, 1.25)}" stroke-width="0.3"/></pattern>`,
        fill: `url(#${id})`,
        line: shade(hex, 0.62),
      };
    case 'linen':
      return {
        defs: `<pattern id="${id}" width="1.6" height="1.6" patternUnits="userSpaceOnUse"><rect width="1.6" height="1.6" fill="${hex}"/><path d="M0 0.4H1.6M0.4 0V1.6" stroke="${shade(hex, 0.9)}" stroke-width="0.22"/></pattern>`,
        fill: `url(#${id})`,
        line: shade(hex, 0.78),
      };
    case 'velvet':
      return {
        defs: `<radialGradient id="${id}" cx="0.42" cy="0.38" r="0.7">${stops([
          [0, shade(hex, 1.28)],
          [0.55, hex],
          [1, shade(hex, 0.66)],
        ])}</radialGradient>`,
        fill: `url(#${id})`,
        line: shade(hex, 0.6),
      };
    case 'ceramic':
      return {
        defs:
          linear(
            stops([
              [0, shade(hex, 1.18)],
              [0.6, hex],
              [1, shade(hex, 0.84)],
            ]),
          ) + sheenDef(0.35),
        fill: `url(#${id})`,
        line: shade(hex, 0.72),
        sheen,
      };
    default:
      return {
        defs: linear(
          stops([
            [0, shade(hex, 1.12)],
            [0.6, hex],
            [1, shade(hex, 0.82)],
          ]),
        ),
        fill: `url(#${id})`,
        line: shade(hex, 0.7),
      };
  }
}
