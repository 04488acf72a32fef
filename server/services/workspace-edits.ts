import { and, eq, inArray } from 'drizzle-orm';
import { dayIn } from '../../src/lib/api-contract/dates';
import type { Db } from '../db/client';
import { workspaceEdits } from '../db/schema';

type Writer = Pick<Db, 'insert' | 'delete'>;

/** Whose edit: `product:<id>`, `group:<id>`, `bundle:<id>`, or the business's `settings`. */
export type EditSubject = `product:${string}` | `group:${string}` | `bundle:${string}` | 'settings';

export interface WorkspaceEdit {
  by: string;
  at: string;
}

/** The edits a catalogue import must respect: by subject, then by field. */
export type EditsBySubject = ReadonlyMap<string, ReadonlyMap<string, WorkspaceEdit>>;

/**
 * Marks fields as edited in the workspace (in the edit's own transaction): a re-import of a folder
 * that says otherwise keeps them, and names who edited them and when.
 */
export async function markEdited(tx: Writer, subject: EditSubject, fields: string[], by: string, now: Date) {
  if (fields.length === 0) return;
  const at = now.toISOString();
  for (const field of fields) {
    await tx
      .insert(workspaceEdits)
      .values({ subject, field, editedBy: by, editedAt: at })
      .onConflictDoUpdate({
        target: [workspaceEdits.subject, workspaceEdits.field],
        set: { editedBy: by, editedAt: at },
      });
  }
}

/** Forgets edits a folder's import has now written over (or that the folder has caught up with). */
export async function clearEdits(tx: Writer, subject: string, fields: string[]) {
  if (fields.length === 0) return;
  await tx
    .delete(workspaceEdits)
    .where(and(eq(workspaceEdits.subject, subject), inArray(workspaceEdits.field, fields)));
}

/** Every edit made in the workspace and not yet written over by an import. */
export async function readEdits(db: Pick<Db, 'select'>): Promise<EditsBySubject> {
  const rows = await db.select().from(workspaceEdits);
  const edits = new Map<string, Map<string, WorkspaceEdit>>();
  for (const row of rows) {
    const fields = edits.get(row.subject) ?? new Map<string, WorkspaceEdit>();
    fields.set(row.field, { by: row.editedBy, at: row.editedAt });
    edits.set(row.subject, fields);
  }
  return edits;
}

/** "edited in the workspace by ana@shop.example on 2026-11-20" (the day in the business's time zone) */
export const editedText = (edit: WorkspaceEdit, timeZone: string) =>
  `edited in the workspace by ${edit.by} on ${dayIn(new Date(edit.at), timeZone)}`;

type ProductFields = {
  name: string;
  stock: number;
  turnaroundDays: number;
  showInStore: boolean;
  archived: boolean;
};

/** The stored fields of a product that the item form changed, by the names a re-import keeps. */
export function productFieldsChanged(
  was: ProductFields & { priceInCents: number },
  now: ProductFields & { price: number },
): string[] {
  return (
    [
      ['name', was.name !== now.name],
      ['basePriceInCents', was.priceInCents !== now.price],
      ['stockCount', was.stock !== now.stock],
      ['turnaroundDays', was.turnaroundDays !== now.turnaroundDays],
      ['showInStore', was.showInStore !== now.showInStore],
      ['archived', was.archived !== now.archived],
    ] as const
  ).flatMap(([field, changed]) => (changed ? [field] : []));
}
