import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

/* The team's workspace (issue 33): its members, sign-in links, sessions, notes and activity. */

/** A person of the business who signs in at /team: an owner (staff and settings) or staff. */
export const teamMembers = sqliteTable(
  'team_members',
  {
    id: text('id').primaryKey(),
    /** Lower-cased: one account per address. */
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role', { enum: ['owner', 'staff', 'viewer'] }).notNull(),
    createdAt: text('created_at').notNull(),
    /** Who invited them (null: the owner made by the command). */
    invitedBy: text('invited_by'),
    /** Removed by an owner: they can no longer sign in, and their sessions ended then. */
    removedAt: text('removed_at'),
    /** Which of their calendar feed addresses works: renewing it counts on, and the old one stops. */
    calendarFeed: integer('calendar_feed').notNull().default(1),
  },
  (t) => [uniqueIndex('team_members_email').on(t.email)],
);

/**
 * A one-time sign-in link: only its SHA-256 is stored (the token itself is in the email alone). It
 * works once, until it expires: 15 minutes for a sign-in, 7 days for an invitation.
 */
export const teamSignInLinks = sqliteTable(
  'team_sign_in_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    memberId: text('member_id')
      .notNull()
      .references(() => teamMembers.id),
    purpose: text('purpose', { enum: ['sign_in', 'invite'] }).notNull(),
    createdAt: text('created_at').notNull(),
    expiresAt: text('expires_at').notNull(),
    usedAt: text('used_at'),
  },
  (t) => [index('team_sign_in_links_member').on(t.memberId)],
);

/**
 * A signed-in browser. The cookie carries a random id; the database keeps its SHA-256, so a copy of
 * the database signs nobody in. It ends after 12 hours idle or 30 days in all, at sign-out, or when
 * the member signs out everywhere or is removed.
 */
export const teamSessions = sqliteTable(
  'team_sessions',
  {
    idHash: text('id_hash').primaryKey(),
    memberId: text('member_id')
      .notNull()
      .references(() => teamMembers.id),
    /** The session's CSRF token: every form of its pages carries it, every POST must match it. */
    csrf: text('csrf').notNull(),
    createdAt: text('created_at').notNull(),
    lastSeenAt: text('last_seen_at').notNull(),
    /** 30 days after sign-in, whatever happens. */
    expiresAt: text('expires_at').notNull(),
    endedAt: text('ended_at'),
    /** How it began: 'link' or 'passkey'. */
    method: text('method').notNull(),
  },
  (t) => [index('team_sessions_member').on(t.memberId)],
);

/** The team's private notes on a request: never shown to the customer. */
export const teamNotes = sqliteTable(
  'team_notes',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id').notNull(),
    memberId: text('member_id').notNull(),
    at: text('at').notNull(),
    text: text('text').notNull(),
  },
  (t) => [index('team_notes_order').on(t.orderId, t.at)],
);

/**
 * Who did what, when: every sign-in, decision, edit and invitation. `actor` is a member's id, or
 * 'email link' for an action taken through a signed link, or 'system'. `before` and `after` hold the
 * values an edit changed.
 */
export const teamActivity = sqliteTable(
  'team_activity',
  {
    id: text('id').primaryKey(),
    at: text('at').notNull(),
    actor: text('actor').notNull(),
    /** The actor's address at the time (members can be removed; the log keeps who they were). */
    actorEmail: text('actor_email'),
    kind: text('kind').notNull(),
    /** What it concerns: 'request', 'member', 'item', 'settings', 'session'. */
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id'),
    summary: text('summary').notNull(),
    before: text('before', { mode: 'json' }),
    after: text('after', { mode: 'json' }),
  },
  (t) => [
    index('team_activity_at').on(t.at),
    index('team_activity_kind').on(t.kind, t.at),
    index('team_activity_actor').on(t.actor, t.at),
    index('team_activity_subject').on(t.subjectId, t.at),
  ],
);

/** A member's passkey (WebAuthn credential): the quick way back in. */
export const teamPasskeys = sqliteTable(
  'team_passkeys',
  {
    /** The credential's id (base64url), as the authenticator gives it. */
    id: text('id').primaryKey(),
    memberId: text('member_id')
      .notNull()
      .references(() => teamMembers.id),
    /** The credential's public key (COSE, base64url). */
    publicKey: text('public_key').notNull(),
    /** The authenticator's signature counter: a clone shows as a counter that goes back. */
    counter: integer('counter').notNull(),
    transports: text('transports', { mode: 'json' }).$type<string[]>().notNull(),
    createdAt: text('created_at').notNull(),
    lastUsedAt: text('last_used_at'),
  },
  (t) => [index('team_passkeys_member').on(t.memberId)],
);

/** A WebAuthn challenge handed out: used once, within 5 minutes. */
export const teamPasskeyChallenges = sqliteTable('team_passkey_challenges', {
  id: text('id').primaryKey(),
  challenge: text('challenge').notNull(),
  /** Registration: the member adding a passkey; sign-in: null (anyone's passkey may answer). */
  memberId: text('member_id'),
  expiresAt: text('expires_at').notNull(),
});
