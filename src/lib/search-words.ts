import { distance } from 'fastest-levenshtein';
import { stemmer } from 'stemmer';

/**
 * The words of search: how a query and an item's text become words, what a word's stem is (Porter,
 * from the `stemmer` package, so "chairs", "candles" and "bows" meet "chair", "candle" and "bow"), and
 * which words are one typo apart.
 */

/** Lower-case words of a text, without punctuation. */
export function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^\p{L}\p{N}&]+/gu, ' ')
    .replace(/&/g, ' & ')
    .split(' ')
    .filter(Boolean);
}

const stems = new Map<string, string>();

/** A word's stem, remembered: a catalogue has a few thousand words, each stemmed once. */
export function stemOf(word: string): string {
  let stem = stems.get(word);
  if (stem === undefined) {
    stem = /^\p{L}+$/u.test(word) ? stemmer(word) : word;
    if (stems.size > 50_000) stems.clear();
    stems.set(word, stem);
  }
  return stem;
}

/** Words too common to find anything by themselves, left out of a query that has other words. */
export const STOP_WORDS: ReadonlySet<string> = new Set([
  'a',
  'an',
  'and',
  '&',
  'at',
  'by',
  'for',
  'in',
  'of',
  'on',
  'or',
  'the',
  'to',
  'with',
]);

/** The shortest query word in which one typo is forgiven. */
export const TYPO_MIN_LENGTH = 5;

/** True when one letter swapped with its neighbour turns a into b ("chiar" and "chair"). */
function oneSwapApart(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let first = -1;
  for (let i = 0; i < a.length; i++) {
    if (a[i] === b[i]) continue;
    if (first !== -1)
      return i === first + 1 && a[first] === b[i] && a[i] === b[first] && a.slice(i + 1) === b.slice(i + 1);
    first = i;
  }
  return false;
}

/** True when one typo (a letter added, dropped, changed, or two neighbours swapped) separates a and b. */
export function oneTypoApart(a: string, b: string): boolean {
  if (a === b || Math.abs(a.length - b.length) > 1) return false;
  return distance(a, b) === 1 || oneSwapApart(a, b);
}

/**
 * The words of a vocabulary one typo from a query word of at least TYPO_MIN_LENGTH letters, as
 * written or as stems ("chiars" finds "chair" through the stems "chiar" and "chair").
 */
export function typoNeighbours(token: string, vocabulary: Iterable<string>): Set<string> {
  const found = new Set<string>();
  if (token.length < TYPO_MIN_LENGTH || !/^\p{L}+$/u.test(token)) return found;
  const stem = stemOf(token);
  for (const word of vocabulary) {
    if (word.length < TYPO_MIN_LENGTH - 1) continue;
    if (oneTypoApart(token, word) || oneTypoApart(stem, stemOf(word))) found.add(word);
  }
  return found;
}
