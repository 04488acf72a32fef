import { createRequire } from 'node:module';

/**
 * The faces every PDF embeds (issue 59), so a name prints as it was typed: Noto Sans (Latin with every
 * diacritic, Vietnamese, Māori macrons, Greek and Cyrillic) for the text, and Noto Sans SC for text it
 * has no glyph for (Chinese and Japanese kana), then Noto Sans KR (Korean Hangul). pdfkit embeds only the glyphs a document uses, so a
 * document in Latin text alone stays small. The standard PDF fonts had none of these: "Łukasz Żółć"
 * printed as garbage.
 */

const require = createRequire(import.meta.url);

export const FONT_FILES = {
  body: require.resolve('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf'),
  bold: require.resolve('@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf'),
  cjk: require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf'),
  korean: require.resolve('@expo-google-fonts/noto-sans-kr/400Regular/NotoSansKR_400Regular.ttf'),
} as const;

/** The names the drawing code uses; each is registered with pdfkit before anything is drawn. */
export type FaceName = 'Body' | 'Body-Bold' | 'CJK' | 'Korean';

/** The faces tried, in order, for text the one asked for cannot draw. */
const FALLBACKS = ['CJK', 'Korean'] as const;

interface GlyphFont {
  hasGlyphForCodePoint(codePoint: number): boolean;
}

let faces: Record<'Body' | (typeof FALLBACKS)[number], GlyphFont> | undefined;

/** The faces' coverage, read once (fontkit, which pdfkit itself draws with). */
function coverage() {
  if (!faces) {
    const fontkit = require('fontkit') as { openSync(path: string): GlyphFont };
    faces = {
      Body: fontkit.openSync(FONT_FILES.body),
      CJK: fontkit.openSync(FONT_FILES.cjk),
      Korean: fontkit.openSync(FONT_FILES.korean),
    };
  }
  return faces;
}

const covers = (font: GlyphFont, text: string) => {
  for (const char of text) {
    const point = char.codePointAt(0) as number;
    if (point > 0x20 && !font.hasGlyphForCodePoint(point)) return false;
  }
  return true;
};

/**
 * The face a piece of text is drawn in: the one asked for when it has every glyph, else the first
 * fallback that has them all (each carries Latin letters too), else the one asked for (a missing glyph
 * shows as a box, never as another letter).
 */
export function faceFor(text: string, wanted: FaceName): FaceName {
  const fonts = coverage();
  if (wanted === 'CJK' || wanted === 'Korean' || covers(fonts.Body, text)) return wanted;
  return FALLBACKS.find((face) => covers(fonts[face], text)) ?? wanted;
}

/**
 * Registers the faces on a document, and makes its `font` and `text` choose by the text: each piece of
 * text drawn in Body falls back to the CJK or the Korean face when Body lacks a glyph it needs. The drawing code
 * keeps writing `doc.font('Body').text(...)`.
 */
export function embedFaces(doc: PDFKit.PDFDocument): void {
  doc.registerFont('Body', FONT_FILES.body);
  doc.registerFont('Body-Bold', FONT_FILES.bold);
  doc.registerFont('CJK', FONT_FILES.cjk);
  doc.registerFont('Korean', FONT_FILES.korean);
  let wanted: FaceName = 'Body';
  const font = doc.font.bind(doc);
  const text = doc.text.bind(doc) as (...args: unknown[]) => PDFKit.PDFDocument;
  doc.font = ((name: string, ...rest: unknown[]) => {
    wanted = name as FaceName;
    return (font as (...args: unknown[]) => PDFKit.PDFDocument)(name, ...rest);
  }) as typeof doc.font;
  doc.text = ((value: unknown, ...rest: unknown[]) => {
    const face = typeof value === 'string' ? faceFor(value, wanted) : wanted;
    if (face === wanted) return text(value, ...rest);
    font(face);
    text(value, ...rest);
    return font(wanted);
  }) as typeof doc.text;
}
