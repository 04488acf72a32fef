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
  const all = [...wordsOf(name), ...wordsOf(description)];
  if (!words.every((token) => all.some((word) => meets(token, word)))) return null;
  return nameRank(words, words, wordsOf(name));
}

interface Entry<T> {
  item: T;
  id: string;
  name: string;
  nameWords: string[];
  /** Name and description as searched, to tell when an item's text changed. */
  text: string;
}

/**
 * A list's words, indexed once per list (the server's list is the same array for a whole data
 * version): each distinct word and stem with the items that have it, and the words in order, so a
 * query word finds the words it starts by a binary search, not by reading every item.
 */
interface Corpus<T> {
  entries: Entry<T>[];
  words: string[];
  byWord: Map<string, number[]>;
  byStem: Map<string, number[]>;
}

const corpora = new WeakMap<readonly unknown[], Corpus<unknown>>();

function corpusOf<T>(items: readonly T[], fields: (item: T) => Searchable): Corpus<T> {
  const texts = items.map(fields);
  const known = corpora.get(items) as Corpus<T> | undefined;
  if (
    known &&
    known.entries.length === texts.length &&
    texts.every((f, i) => known.entries[i]?.text === `${f.name}\n${f.description}` && known.entries[i]?.id === f.id)
  ) {
    return known;
  }
  const byWord = new Map<string, number[]>();
  const byStem = new Map<string, number[]>();
  const note = (map: Map<string, number[]>, key: string, index: number) => {
    const list = map.get(key);
    if (!list) map.set(key, [index]);
    else if (list.at(-1) !== index) list.push(index);
  };
  const entries = items.map((item, index) => {
    const { id, name, description } = texts[index] as Searchable;
    const nameWords = wordsOf(name);
    for (const word of new Set([...nameWords, ...wordsOf(description)])) {
      note(byWord, word, index);
      note(byStem, stemOf(word), index);
    }
    return { item, id, name, nameWords, text: `${name}\n${description}` };
  });
  const corpus = { entries, words: [...byWord.keys()].sort(), byWord, byStem };
  corpora.set(items, corpus as Corpus<unknown>);
  return corpus;
}

/** The items with a word the token meets: words it starts (a range of the sorted words), its stem's. */
function exactHits(corpus: Corpus<unknown>, token: Token): Set<number> {
  const hits = new Set<number>(corpus.byStem.get(token.stem));
  let low = 0;
  let high = corpus.words.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((corpus.words[middle] as string) < token.raw) low = middle + 1;
    else high = middle;
  }
  for (let i = low; i < corpus.words.length && (corpus.words[i] as string).startsWith(token.raw); i++) {
    for (const index of corpus.byWord.get(corpus.words[i] as string) ?? []) hits.add(index);
  }
  return hits;
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
  const corpus = corpusOf(items, fields);
  // A word that is no word of the catalogue (as typed or by its stem) may be a typo of the words one
  // typo away: "chiar" is the start of "Chiara" and one typo from "chair". Items it reaches only
  // through a typo rank below those that need none.
  const found = new Map<number, { tokens: Token[]; typo: boolean }>();
  const tokens: Token[] = raw.map((word) => {
    let token: Token = { raw: word, stem: stemOf(word), typos: null };
    const hits = exactHits(corpus as Corpus<unknown>, token);
    const viaTypo = new Set<number>();
    if (!corpus.byWord.has(word) && !corpus.byStem.has(token.stem)) {
      const typos = typoNeighbours(word, corpus.words);
      if (typos.size > 0) {
        token = { ...token, typos };
        for (const typo of typos)
          for (const index of corpus.byWord.get(typo) ?? []) if (!hits.has(index)) viaTypo.add(index);
      }
    }
    for (const index of [...hits, ...viaTypo]) {
      const match = found.get(index) ?? { tokens: [], typo: false };
      match.tokens.push(token);
      match.typo ||= viaTypo.has(index);
      found.set(index, match);
    }
    return token;
  });
  const needed = tokens.length === 1 ? 1 : Math.ceil(tokens.length / 2);
  return [...found]
    .filter(([, match]) => match.tokens.length >= needed)
    .map(([index, match]) => {
      const entry = corpus.entries[index] as Entry<T>;
      return {
        ...entry,
        missing: tokens.length - match.tokens.length,
        typo: match.typo ? 1 : 0,
        rank: nameRank(tokens, match.tokens, entry.nameWords),
      };
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
