/**
 * How search matches and orders the catalogue, shared by the server (`/api/boomerang/items?query=`) and
 * the browser's search of the saved catalogue, so both give the same results in the same order.
 *
 * A query word matches a word of an item when the item's word starts with it ("plin" finds "plinth")
 * or both have the same stem ("chairs" finds "chair", "candles" finds "candle"). A word of 5 letters
 * or more that matches nothing in the catalogue is read as one typo away from the words it could be
 * ("tiffny" finds "Tiffany"). An item that matches every word ranks above one that matches some, and
 * one that needs no typo above one that does.
 */
import { STOP_WORDS, stemOf, typoNeighbours, wordsOf } from './search-words';

/** Lower-case words of a query, without punctuation; at most 8 are used. */
export function searchTokens(query: string): string[] {
  return wordsOf(query).slice(0, 8);
}

export interface Searchable {
  id: string;
  name: string;
  /** Everything else searched: the description, category names. */
  description: string;
}

/** An item's text as search reads it, made once per item and text. */
interface IndexedItem {
  text: string;
  nameWords: string[];
  /** Every distinct word of the name and description. */
  words: string[];
  nameSet: ReadonlySet<string>;
}

const indexed = new WeakMap<object, IndexedItem>();

function indexOf(item: unknown, { name, description }: Searchable): IndexedItem {
  const text = `${name}\n${description}`;
  const known = typeof item === 'object' && item !== null ? indexed.get(item) : undefined;
  if (known && known.text === text) return known;
  const nameWords = wordsOf(name);
  const made = {
    text,
    nameWords,
    words: [...new Set([...nameWords, ...wordsOf(description)])],
    nameSet: new Set(nameWords),
  };
  if (typeof item === 'object' && item !== null) indexed.set(item, made);
  return made;
}

/** A query word, with the catalogue words it reaches by one typo when it reaches none as typed. */
interface Token {
  raw: string;
  stem: string;
  typos: ReadonlySet<string> | null;
}

/** The word as typed, the start of a word, or the same stem. */
const meets = (token: Token, word: string) => word.startsWith(token.raw) || stemOf(word) === token.stem;
/** The whole word, as typed or by its stem (not only its start). */
const isWord = (token: Token, word: string) => word === token.raw || stemOf(word) === token.stem;
const reaches = (token: Token, word: string) => meets(token, word) || Boolean(token.typos?.has(word));

/**
 * Where a query's words sit in a name, lower first: 0 the name is the query, 1 the name starts with
 * it, 2 the name holds the phrase, 3 every word is in the name, 4 some are, 5 none is.
 */
function nameRank(tokens: readonly Token[], found: readonly Token[], nameWords: readonly string[]): number {
  const phraseAt = (start: number) => tokens.every((token, i) => reaches(token, nameWords[start + i] ?? ''));
  if (nameWords.length === tokens.length && tokens.every((token, i) => isWord(token, nameWords[i] ?? ''))) return 0;
  if (phraseAt(0)) return 1;
  for (let start = 1; start + tokens.length <= nameWords.length; start++) if (phraseAt(start)) return 2;
  const inName = found.filter((token) => nameWords.some((word) => reaches(token, word))).length;
  if (inName === tokens.length) return 3;
  return inName > 0 ? 4 : 5;
}

/** The query's words that count: without "the", "and" and such when there are others. */
function contentWords(query: string): string[] {
  const tokens = searchTokens(query);
  const content = tokens.filter((token) => !STOP_WORDS.has(token));
  return content.length > 0 ? content : tokens;
}

/**
 * Rank of one item for a query's words (no typos), lower first, or null when a word is missing: the
 * rank of `nameRank`. For tests and callers that rank one item; lists go through `rankMatches`.
 */
export function matchRank(tokens: string[], name: string, description: string): number | null {
  const words = tokens.map((raw) => ({ raw, stem: stemOf(raw), typos: null }));
  const item = indexOf(null, { id: '', name, description });
  if (!words.every((token) => item.words.some((word) => meets(token, word)))) return null;
  return nameRank(words, words, item.nameWords);
}

/**
 * The items that match the query, best first: those with every word before those with some (at least
 * half of a query's words, so "wedding arch" finds the arches), those needing no typo before those
 * that do, then by where the words sit in the name, then by name and id, so the order does not depend
 * on the order the items came in.
 */
export function rankMatches<T>(query: string, items: readonly T[], fields: (item: T) => Searchable): T[] {
  const raw = contentWords(query);
  if (raw.length === 0) return [];
  const entries = items.map((item) => {
    const searchable = fields(item);
    return { item, id: searchable.id, name: searchable.name, index: indexOf(item, searchable) };
  });
  // A word that is no word of the catalogue (as typed or by its stem) may be a typo of the words one
  // typo away: "chiar" is the start of "Chiara" and one typo from "chair". Items it reaches only
  // through a typo rank below those that need none.
  const tokens: Token[] = raw.map((word) => {
    const token = { raw: word, stem: stemOf(word), typos: null };
    if (entries.some(({ index }) => index.words.some((w) => isWord(token, w)))) return token;
    const vocabulary = new Set(entries.flatMap(({ index }) => index.words));
    const typos = typoNeighbours(word, vocabulary);
    return { ...token, typos: typos.size > 0 ? typos : null };
  });
  const needed = tokens.length === 1 ? 1 : Math.ceil(tokens.length / 2);
  return entries
    .flatMap((entry) => {
      let typo = false;
      const found = tokens.filter((token) => {
        if (entry.index.words.some((word) => meets(token, word))) return true;
        const viaTypo = entry.index.words.some((word) => token.typos?.has(word));
        typo ||= viaTypo;
        return viaTypo;
      });
      if (found.length < needed) return [];
      const rank = nameRank(tokens, found, entry.index.nameWords);
      return [{ ...entry, missing: tokens.length - found.length, typo: typo ? 1 : 0, rank }];
    })
    .sort(
      (a, b) =>
        a.missing - b.missing ||
        a.typo - b.typo ||
        a.rank - b.rank ||
        a.name.localeCompare(b.name) ||
        (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    )
    .map((match) => match.item);
}

/**
 * The names of an item's categories and of their parents ("Tables Dining Tables"), searched like its
 * description: "linen" finds what the shop files under Table Linen.
 */
export function categoryWords(
  categories: readonly { key: string; name: string; parent: string | null }[],
  tags: readonly string[],
): string {
  const names = new Set<string>();
  for (const tag of tags) {
    const category = categories.find((c) => c.key === tag);
    if (!category) continue;
    names.add(category.name);
    const parent = category.parent && categories.find((c) => c.key === category.parent);
    if (parent) names.add(parent.name);
  }
  return [...names].join(' ');
}
