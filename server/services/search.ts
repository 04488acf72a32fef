import { categoryWords, rankMatches, searchTokens } from '../../src/lib/search-ranking';
import type { Db } from '../db/client';
import { itemTags } from '../db/schema';
import { findVisibleGroupsAndBundles, pageOfMixed } from './catalogue';
import { readCategories } from './categories';

type Found = Awaited<ReturnType<typeof findVisibleGroupsAndBundles>>;
type Candidate =
  | { kind: 'group'; row: Found['groupRows'][number] }
  | { kind: 'bundle'; row: Found['bundleRows'][number] };
interface Candidates {
  /** The same objects for every query of a data version, so search indexes each item's words once. */
  items: Candidate[];
  /** Each item's category names (and their parents'), searched like its description. */
  words: Map<string, string>;
}

async function readCandidates(db: Db): Promise<Candidates> {
  const [found, categories, tags] = await Promise.all([
    findVisibleGroupsAndBundles(db),
    readCategories(db),
    db.select().from(itemTags),
  ]);
  const byOwner = new Map<string, string[]>();
  for (const { ownerId, tag } of tags) byOwner.set(ownerId, [...(byOwner.get(ownerId) ?? []), tag]);
  const words = new Map([...byOwner].map(([owner, list]) => [owner, categoryWords(categories, list)]));
  const items: Candidate[] = [
    ...found.groupRows.map((row) => ({ kind: 'group' as const, row })),
    ...found.bundleRows.map((row) => ({ kind: 'bundle' as const, row })),
  ];
  return { items, words };
}

/**
 * The visible groups and bundles that a search ranks, read once per catalogue data version: a run of
 * new queries (each a cache miss) then costs ranking in memory, not a read of the whole catalogue.
 */
const candidatesByDb = new WeakMap<Db, { version: number; rows: Promise<Candidates> }>();

function candidates(db: Db, version: number | undefined): Promise<Candidates> {
  if (version === undefined) return readCandidates(db);
  const memo = candidatesByDb.get(db);
  if (memo && memo.version === version) return memo.rows;
  const rows = readCandidates(db);
  candidatesByDb.set(db, { version, rows });
  rows.catch(() => {
    if (candidatesByDb.get(db)?.rows === rows) candidatesByDb.delete(db);
  });
  return rows;
}

/**
 * Searches the visible product groups and bundles by name, description and category names, ranked
 * by the module the browser's offline search uses too (stems, typos, partial matches below full ones). The catalogue is a
 * few hundred rows, so matching runs in memory over one read (one per data version when the version
 * is given).
 */
export async function searchCatalogue(db: Db, query: string, page: number, perPage: number, version?: number) {
  if (searchTokens(query).length === 0) return { data: [], total: 0 };
  const { items, words } = await candidates(db, version);
  const matches = rankMatches(query, items, ({ row }) => ({
    id: row.id,
    name: row.name,
    description: `${row.description} ${words.get(row.id) ?? ''}`,
  }));
  return { ...(await pageOfMixed(db, matches, page, perPage)), total: matches.length };
}
