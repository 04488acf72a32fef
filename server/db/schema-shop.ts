import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt } from './columns';

/* The business's own shop (issue 32): its settings and categories, from the catalogue folder. */

/**
 * The business's own settings (issue 32): one row, the catalogue folder's business.json as the
 * importer checked it (defaults filled in), and its logo's stored name. Pages, emails and the booking
 * rules read it; a change moves the catalogue data version (trigger, migration 0008), so every
 * process shows it on its next read.
 */
export const businessSettings = sqliteTable('business_settings', {
  id: integer('id').primaryKey(),
  settings: text('settings', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
  /** The logo as stored beside the photos: `brand/logo_<hash>.svg` or `.png`; null for none. */
  logo: text('logo'),
  /** Each photo business.json names (services, collage) by its path in the folder: its large variant URL. */
  photos: text('photos', { mode: 'json' }).$type<Record<string, string>>().notNull().default({}),
  updatedAt: text('updated_at').notNull(),
});

/**
 * The shop's categories (categories.csv): items name them by key in item_tags. A change moves the
 * catalogue data version (triggers, migration 0009), like the settings.
 */
export const categories = sqliteTable(
  'categories',
  {
    key: text('key').primaryKey(),
    name: text('name').notNull(),
    /** The top-level category it sits under; null for a top-level one. */
    parent: text('parent'),
    position: integer('position').notNull(),
    description: text('description').notNull().default(''),
    /** The photo's large variant URL, or null. */
    photo: text('photo'),
    /** Keys it had before, for 301s from old links. */
    oldKeys: text('old_keys', { mode: 'json' }).$type<string[]>().notNull(),
  },
  (t) => [index('categories_parent').on(t.parent)],
);

/**
 * What the team changed in the workspace that a catalogue folder also says (an item's price, a
 * group's photos, a setting): a re-import keeps these, and names them, unless told to overwrite.
 * One row per subject and field, the latest edit's; an import that writes the field clears it.
 */
export const workspaceEdits = sqliteTable(
  'workspace_edits',
  {
    /** `product:<id>`, `group:<id>`, `bundle:<id>` or `settings`. */
    subject: text('subject').notNull(),
    /** The stored field (`basePriceInCents`, `tags`, `photos`) or the settings key (`phone`). */
    field: text('field').notNull(),
    /** Who edited it, as the report names them (an email address). */
    editedBy: text('edited_by').notNull(),
    editedAt: text('edited_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.subject, t.field] })],
);

/** A message sent from the shop's contact form. */
export const contactMessages = sqliteTable('contact_messages', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull(),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  createdAt: createdAt(),
});
