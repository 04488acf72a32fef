import type { Db } from '../db/client';
import { clearEdits, type EditsBySubject, editedText } from '../services/workspace-edits';
import { dollars } from './csv-table';

type Row = Record<string, unknown>;
type Write = (db: Db) => Promise<unknown>;
export const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
export const yesNo = (value: unknown) => (value ? 'yes' : 'no');
export const quoted = (value: unknown) => `"${String(value)}"`;

/** How an import treats what the team edited in the workspace since the folder was imported. */
export interface WorkspaceRule {
  edits: EditsBySubject;
  /** Take the folder's values over the workspace's (`--overwrite-edits`). */
  overwrite: boolean;
  /** The business's, for the days the report names. */
  timeZone: string;
}

/** The fields a re-import keeps when edited in the workspace, as the report says them. */
export const PRODUCT_LABELS: Record<string, [string, (value: unknown) => string]> = {
  name: ['name', quoted],
  basePriceInCents: ['price', dollars],
  stockCount: ['stock', String],
  turnaroundDays: ['turnaround_days', String],
  showInStore: ['show_in_store', yesNo],
  archived: ['archived', yesNo],
};
export const OWNER_LABELS: Record<string, [string, (value: unknown) => string]> = {
  name: ['name', quoted],
  description: ['description', (value) => quoted(String(value).slice(0, 40))],
  showInStore: ['show_in_store', yesNo],
  archived: ['archived', yesNo],
};

/**
 * The import's keeper of workspace edits: what it keeps it says in `kept`, and the edits it forgets
 * are cleared by a write in the import's transaction.
 */
export function editKeeper(workspace: WorkspaceRule, writes: Write[], kept: string[]) {
  /**
   * A row's fields edited in the workspace since they were imported: where the folder says otherwise,
   * the stored value stays in `row` (or, overwriting, the folder's is written and the edit is
   * forgotten); where the folder now agrees, the edit is forgotten. Returns the fields kept.
   */
  return (
    subject: string,
    item: string,
    existing: Row | undefined,
    row: Row,
    labels: Record<string, [label: string, show?: (value: unknown) => string]>,
    extra: Record<string, { before: unknown; after: unknown; show: (value: unknown) => string }> = {},
  ): Set<string> => {
    const edits = workspace.edits.get(subject);
    const keptHere = new Set<string>();
    if (!edits || !existing) return keptHere;
    const forget: string[] = [];
    for (const [field, edit] of edits) {
      const label = labels[field]?.[0] ?? field;
      const show = labels[field]?.[1] ?? extra[field]?.show ?? ((value: unknown) => String(value));
      const before = field in extra ? extra[field]?.before : existing[field];
      const after = field in extra ? extra[field]?.after : row[field];
      if (!(field in labels) && !(field in extra)) continue;
      if (same(before, after)) {
        forget.push(field);
        continue;
      }
      const said = `${item}: ${label} ${show(before)}, ${editedText(edit, workspace.timeZone)}`;
      if (workspace.overwrite) {
        forget.push(field);
        kept.push(`${said}: written over with the folder's ${show(after)}`);
      } else {
        keptHere.add(field);
        if (field in row) row[field] = existing[field];
        kept.push(`${said}: kept (the folder says ${show(after)})`);
      }
    }
    if (forget.length) writes.push((db) => clearEdits(db, subject, forget));
    return keptHere;
  };
}
