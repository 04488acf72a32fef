/**
 * The business's accent colour (business.json `accent_colour`) as the app's brand colour: headings,
 * primary buttons and the header's dark surfaces (--color-charcoal). White text sits on it and it
 * sits as text on the cream page, so an accent too light for either is darkened, keeping its hue,
 * until both read at 4.5:1 (WCAG AA for body text).
 */
const CREAM = '#f7f2ea';
const WHITE = '#fffdf9';
export const MIN_CONTRAST = 4.5;

const channels = (hex: string) => [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16));
const toHex = (rgb: number[]) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** The accent, darkened toward black in small steps until white text and the cream page both read on it. */
export function brandColour(accent: string): string {
  if (!/^#[0-9a-f]{6}$/i.test(accent)) return '#2b2927';
  const rgb = channels(accent.toLowerCase());
  for (let keep = 1; keep > 0; keep -= 0.02) {
    const colour = toHex(rgb.map((c) => c * keep));
    if (contrast(colour, WHITE) >= MIN_CONTRAST && contrast(colour, CREAM) >= MIN_CONTRAST) return colour;
  }
  return '#000000';
}

/** The rule that sets it for the page, in the document's head. */
export const brandStyle = (accent: string) => `:root{--color-charcoal:${brandColour(accent)}}`;
