/**
 * Simple, recognisable silhouettes of hire props, drawn in a 100 x 100 box whose floor is y = 92.
 * Each takes the fill and a darker line colour and returns SVG markup.
 */
type Draw = (fill: string, line: string) => string;

const p = (d: string) => (f: string, l: string) => `<path d="${d}" fill="${f}" stroke="${l}" stroke-width="1.2"/>`;
const join =
  (...parts: Draw[]): Draw =>
  (f, l) =>
    parts.map((part) => part(f, l)).join('');
const rect = (x: number, y: number, w: number, h: number, r = 0.6): Draw =>
  p(
    `M${x + r} ${y}h${w - 2 * r}q${r} 0 ${r} ${r}v${h - 2 * r}q0 ${r} -${r} ${r}h-${w - 2 * r}q-${r} 0 -${r} -${r}v-${h - 2 * r}q0 -${r} ${r} -${r}z`,
  );
const ell =
  (cx: number, cy: number, rx: number, ry: number): Draw =>
  (f, l) =>
    `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="${f}" stroke="${l}" stroke-width="1.2"/>`;
const ring =
  (cx: number, cy: number, r: number, w = 3): Draw =>
  (f, l) =>
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="${f}" stroke-width="${w}"/><circle cx="${cx}" cy="${cy}" r="${r + w / 2}" fill="none" stroke="${l}" stroke-width="0.5"/>`;
const lines =
  (d: string, w = 2.5): Draw =>
  (f) =>
    `<path d="${d}" fill="none" stroke="${f}" stroke-width="${w}" stroke-linecap="round" stroke-linejoin="round"/>`;
const legs = (x1: number, x2: number, top: number): Draw =>
  lines(`M${x1} ${top}L${x1 - 2} 92M${x2} ${top}L${x2 + 2} 92`, 2.5);

const chair: Draw = join(
  p('M34 30q16 -10 32 0v26h-32z'),
  rect(30, 56, 40, 6),
  legs(33, 67, 62),
  lines('M40 62v30M60 62v30', 2),
);

export const SHAPES = {
  'arch-wall': p('M24 92V38a26 26 0 0 1 52 0V92z'),
  wall: join(rect(18, 22, 64, 70, 0.5), lines('M39 24v66M60 24v66', 0.6)),
  'scallop-wall': p('M20 92V34q5 -8 10 0q5 -8 10 0q5 -8 10 0q5 -8 10 0q5 -8 10 0q5 -8 10 0V92z'),
  'round-wall': join(ell(50, 50, 32, 32), rect(44, 82, 12, 10)),
  'hexagon-frame': lines('M50 12L80 30V72L50 90L20 72V30Z', 3),
  'square-frame': join(lines('M20 20H80V88H20Z', 3), lines('M14 92H32M68 92H86', 3)),
  'grid-frame': lines('M20 16H80V88H20ZM35 16V88M50 16V88M65 16V88M20 34H80M20 52H80M20 70H80', 1.6),
  'ring-frame': join(ring(50, 48, 32, 3.5), lines('M40 86L50 80L60 86M34 92H66', 3)),
  'timber-arch': lines('M26 92V40a24 24 0 0 1 48 0V92M26 50H74', 4),
  'triple-arch': join(
    lines('M14 92V50a14 14 0 0 1 28 0V92', 2.5),
    lines('M34 92V34a16 16 0 0 1 32 0V92', 2.5),
    lines('M58 92V50a14 14 0 0 1 28 0V92', 2.5),
  ),
  curtain: join(
    lines('M14 14H86', 3),
    p('M16 16q6 38 -2 76h72q-8 -38 -2 -76z'),
    lines('M30 18q3 36 0 72M50 18q3 36 0 72M70 18q3 36 0 72', 0.8),
  ),
  cylinder: join(p('M30 40v48a20 5 0 0 0 40 0V40'), ell(50, 40, 20, 5)),
  'mirror-plinth': join(rect(30, 36, 40, 56), lines('M36 44l10 -6M36 58l24 -16', 1.2)),
  'ghost-plinth': join(rect(30, 40, 40, 52), lines('M34 46l8 -4', 1)),
  'fluted-plinth': join(rect(32, 34, 36, 58), lines('M38 36v54M44 36v54M50 36v54M56 36v54M62 36v54', 0.8)),
  'slat-plinth': join(rect(30, 38, 40, 54), lines('M30 48H70M30 58H70M30 68H70M30 78H70', 0.8)),
  'square-plinth': rect(30, 42, 40, 50),
  'arch-plinth': p('M32 92V50a18 18 0 0 1 36 0V92z'),
  table: join(rect(10, 48, 80, 7), legs(16, 84, 55)),
  'round-table': join(p('M14 56q36 -12 72 0v28q-36 10 -72 0z'), ell(50, 56, 36, 7)),
  'side-table': join(ell(50, 52, 18, 4), lines('M50 56V90M40 92H60', 3)),
  'coffee-table': join(rect(16, 66, 68, 6), legs(22, 78, 72)),
  bar: join(rect(14, 40, 72, 52), rect(10, 36, 80, 5), lines('M14 56H86', 0.8)),
  'high-table': join(ell(50, 34, 16, 4), lines('M50 38V90M38 92H62', 3)),
  glass: p('M36 40l4 50h20l4 -50q-14 -3 -28 0z'),
  goblet: join(p('M34 30q0 26 16 28q16 -2 16 -28z'), lines('M50 58V88M40 91H60', 2.5)),
  coupe: join(p('M28 50q22 16 44 0z'), lines('M50 58V88M40 91H60', 2)),
  cutlery: join(
    lines('M30 20V88M26 20V34q4 6 8 0V20', 2.5),
    p('M46 20q6 14 0 28V88h4V20z'),
    lines('M64 22q8 4 0 24V88', 3),
  ),
  plate: join(ell(50, 62, 36, 20), ell(50, 62, 24, 13)),
  cloth: p('M14 36h72l6 56H8z'),
  runner: join(rect(10, 50, 80, 8), p('M40 58h20v34H40z')),
  napkin: p('M24 80L50 30L76 80z'),
  taper: join(lines('M34 44V86M50 32V86M66 50V86', 3), lines('M28 90H40M44 90H56M60 90H72', 3)),
  hurricane: join(p('M34 24q-6 34 0 66h32q6 -32 0 -66z'), rect(44, 56, 12, 32)),
  candelabra: join(lines('M50 30V88M40 92H60M26 50q24 18 48 0M26 50V36M38 44V32M62 44V32M74 50V36M50 30V22', 2.5)),
  tealight: join(p('M34 58h32l-3 32H37z'), lines('M50 50V58', 1.5)),
  tray: join(ell(50, 70, 38, 14), ell(50, 68, 32, 10)),
  board: join(rect(18, 66, 56, 12, 5), rect(74, 69, 16, 6, 2)),
  box: join(rect(24, 44, 52, 48), rect(22, 38, 56, 8), rect(40, 41, 20, 2)),
  birdcage: join(
    p('M30 92V50a20 20 0 0 1 40 0V92z'),
    lines('M40 92V36M50 92V30M60 92V36M30 66H70', 0.8),
    ring(50, 24, 4, 1.5),
  ),
  clam: join(p('M18 80q32 -60 64 0z'), lines('M50 80L30 50M50 80L40 44M50 80L50 40M50 80L60 44M50 80L70 50', 1)),
  'cake-stand': join(ell(50, 50, 32, 6), lines('M50 56V88M38 92H62', 3)),
  'tiered-stand': join(ell(50, 32, 16, 3), ell(50, 54, 24, 4), ell(50, 76, 32, 5), lines('M50 20V90', 2)),
  bucket: join(p('M30 42l4 48h32l4 -48z'), ell(50, 42, 20, 4)),
  tub: join(p('M16 54l6 36h56l6 -36z'), ell(50, 54, 34, 6)),
  bow: join(
    p('M50 50L20 34v34z'),
    p('M50 50L80 34v34z'),
    p('M46 50l-12 40h8l8 -30 8 30h8l-12 -40z'),
    ell(50, 50, 6, 7),
  ),
  urn: join(p('M34 30q-12 30 6 52l-4 10h28l-4 -10q18 -22 6 -52z'), ell(50, 30, 16, 4)),
  vase: p('M42 26h16v8q14 14 8 40q-4 16 -16 18q-12 -2 -16 -18q-6 -26 8 -40z'),
  pot: join(p('M28 48l6 44h32l6 -44z'), rect(24, 40, 52, 9)),
  'bud-vases': join(
    p('M20 60q-6 16 2 30h12q8 -14 2 -30l-4 -8v-10h-8v10z'),
    p('M44 52q-6 20 2 38h12q8 -18 2 -38l-3 -14h-10z'),
    p('M68 66q-4 12 2 24h10q6 -12 2 -24l-3 -6v-8h-8v8z'),
  ),
  trumpet: join(p('M30 14q16 20 16 50v20h8V64q0 -30 16 -50z'), ell(50, 90, 14, 3)),
  tree: join(
    ell(50, 36, 26, 22),
    ell(36, 44, 14, 12),
    ell(64, 44, 14, 12),
    lines('M50 56V74', 3),
    p('M38 74h24l-4 18H42z'),
  ),
  cushion: join(ell(50, 74, 36, 14), ell(50, 70, 28, 8)),
  rug: join(p('M10 80l16 -30h48l16 30z'), lines('M22 74l10 -18h36l10 18z', 1.2)),
  umbrella: join(
    p('M10 40q40 -34 80 0z'),
    lines('M50 20V88M40 92H60', 2.5),
    lines('M14 40v4M26 40v4M38 40v4M50 40v4M62 40v4M74 40v4M86 40v4', 1.2),
  ),
  parasol: join(
    p('M18 46q32 -28 64 0q-8 -4 -16 0q-8 -4 -16 0q-8 -4 -16 0q-8 -4 -16 0z'),
    lines('M50 24V88q0 4 -6 4', 2),
  ),
  number: join(
    rect(32, 24, 36, 62, 2),
    (_f, l) => `<path d="M40 40H60L46 76" fill="none" stroke="${l}" stroke-width="4"/>`,
  ),
  'sign-stand': join(rect(28, 14, 44, 58), lines('M50 72V90M38 92H62', 2.5)),
  sign: join(rect(26, 16, 48, 64, 2), lines('M34 34H66M38 44H62M34 54H66', 1.2)),
  easel: join(lines('M50 10L32 92M50 10L68 92M50 20L54 92', 2.5), rect(30, 24, 40, 38)),
  blocks: join(rect(10, 60, 22, 32), rect(30, 60, 22, 32), rect(50, 60, 22, 32), rect(70, 60, 22, 32)),
  'hanging-stand': join(
    lines('M20 92V14H80V92M14 92H28M72 92H86', 2.5),
    lines('M38 14L44 34M62 14L56 34', 1),
    rect(34, 34, 32, 24),
  ),
  'hoop-stand': join(lines('M50 92V10M38 92H62M50 10V18', 2.5), ring(50, 44, 24, 3)),
  stage: join(rect(8, 62, 84, 10), rect(8, 72, 84, 20), lines('M8 82H92', 0.6)),
  chair,
  'peacock-chair': join(p('M50 8q34 0 34 40q0 20 -20 26H36q-20 -6 -20 -26q0 -40 34 -40z'), p('M36 74h28l6 18H30z')),
  armchair: join(
    p('M24 42q26 -24 52 0v32H24z'),
    rect(18, 54, 14, 28, 5),
    rect(68, 54, 14, 28, 5),
    rect(28, 64, 44, 14, 3),
    legs(24, 76, 82),
  ),
  sofa: join(
    rect(14, 40, 72, 28, 6),
    rect(8, 52, 14, 28, 5),
    rect(78, 52, 14, 28, 5),
    rect(20, 62, 60, 16, 3),
    legs(14, 86, 80),
  ),
  bench: join(rect(10, 60, 80, 7), legs(18, 82, 67)),
  cart: join(
    p('M18 30q32 -20 64 0z'),
    lines('M22 30V56M78 30V56', 2),
    rect(18, 54, 64, 24),
    ring(30, 84, 7, 2),
    ring(70, 84, 7, 2),
  ),
  trolley: join(lines('M24 30H76M24 62H76M26 30V82M74 30V82', 2.5), ring(30, 86, 5, 2), ring(70, 86, 5, 2)),
  teddy: join(
    ell(50, 68, 20, 22),
    ell(50, 34, 15, 14),
    ell(38, 22, 6, 6),
    ell(62, 22, 6, 6),
    ell(34, 86, 9, 6),
    ell(66, 86, 9, 6),
  ),
  horse: join(p('M24 44q8 -10 36 -6l10 -22q10 2 12 12l-8 18v34h-6V64H36v28h-6V60q-10 -4 -6 -16z')),
  flamingo: join(
    p('M40 40q-14 10 0 20q20 6 26 -6q4 -12 -10 -14q-8 0 -16 0z'),
    lines('M56 40q2 -26 12 -26q6 0 8 8M52 58V90M48 60l-6 30', 2),
  ),
  swan: join(
    p('M20 70q30 20 60 0q0 -16 -24 -14l-6 -26q0 -12 10 -12q6 0 8 6l-4 2q-2 -4 -4 -2q-6 4 -2 30q-24 -4 -38 16z'),
  ),
  neon: join(
    lines('M18 62q4 -22 10 -10t8 10q4 -18 8 -4t6 4q2 -10 6 -6t4 6q4 -14 8 -2t6 2q2 -8 6 -2', 2.2),
    lines('M22 72H78', 1),
  ),
  'neon-heart': lines('M50 84L22 54q-10 -14 0 -26q12 -12 28 4q16 -16 28 -4q10 12 0 26z', 3),
} satisfies Record<string, Draw>;

export type Shape = keyof typeof SHAPES;
