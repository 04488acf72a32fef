import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { teamMembers, teamSessions } from '../../db/schema';
import { type Acting, logActivity } from './activity';

/** Owner: everything; staff: requests and items; viewer (read-only): sees requests, the calendar and day sheets, changes nothing. */
export type Role = 'owner' | 'staff' | 'viewer';

/** How each role reads in the workspace. */
export const ROLE_NAMES: Record<Role, string> = { owner: 'Owner', staff: 'Staff', viewer: 'Read-only' };

/** The POSTs a read-only member may still make: their own session, passkeys and calendar feed. */
const READ_ONLY_WRITES = [
  '/team/sign-out',
  '/team/sign-out-everywhere',
  '/team/passkeys',
  '/team/passkeys/options',
  '/team/calendar/feed',
];
export const readOnlyMayPost = (path: string) => READ_ONLY_WRITES.includes(path.replace(/\/$/, ''));
export type Member = typeof teamMembers.$inferSelect;

export const emailAddress = z
  .email('Enter an email address, like name@example.com')
  .max(254)
  .transform((value) => value.trim().toLowerCase());

/** Reads and writes: the database or an open write transaction. */
type Writer = Pick<Db, 'select' | 'insert' | 'update'>;

export async function memberByEmail(db: Pick<Db, 'select'>, email: string): Promise<Member | null> {
  const [row] = await db.select().from(teamMembers).where(eq(teamMembers.email, email.toLowerCase()));
  return row ?? null;
}

export async function activeMember(db: Pick<Db, 'select'>, id: string): Promise<Member | null> {
  const [row] = await db
    .select()
    .from(teamMembers)
    .where(and(eq(teamMembers.id, id), isNull(teamMembers.removedAt)));
  return row ?? null;
}

export const listMembers = (db: Db) =>
  db.select().from(teamMembers).orderBy(asc(teamMembers.removedAt), asc(teamMembers.role), asc(teamMembers.email));

/**
 * Adds a member, or brings back a removed one with the role given (one account per address). An
 * address already active keeps its account; its role changes only when `role` is owner.
 */
export async function putMember(
  tx: Writer,
  input: { email: string; name: string; role: Role },
  by: Acting,
  now: Date,
): Promise<{ member: Member; created: boolean; promoted?: boolean }> {
  const email = emailAddress.parse(input.email);
  const name = input.name.trim() || email.split('@')[0] || email;
  const existing = await memberByEmail(tx, email);
  if (existing && !existing.removedAt) {
    if (input.role === 'owner' && existing.role !== 'owner') {
      // A role change is never silent (issue 63): logged with before and after, and said to the owner.
      const [member] = await tx
        .update(teamMembers)
        .set({ role: 'owner' })
        .where(eq(teamMembers.id, existing.id))
        .returning();
      await logActivity(
        tx,
        by,
        {
          kind: 'role_change',
          subjectType: 'member',
          subjectId: existing.id,
          summary: `Made ${email} an owner (was ${existing.role})`,
          before: { role: existing.role },
          after: { role: 'owner' },
        },
        now,
      );
      return { member: member as Member, created: false, promoted: true };
    }
    return { member: existing, created: false };
  }
  const invitedBy = typeof by === 'string' ? null : by.id;
  let member: Member;
  if (existing) {
    const [row] = await tx
      .update(teamMembers)
      .set({ role: input.role, name, removedAt: null, invitedBy })
      .where(eq(teamMembers.id, existing.id))
      .returning();
    member = row as Member;
  } else {
    const [row] = await tx
      .insert(teamMembers)
      .values({ id: randomUUID(), email, name, role: input.role, createdAt: now.toISOString(), invitedBy })
      .returning();
    member = row as Member;
  }
  await logActivity(
    tx,
    by,
    {
      kind: 'invite',
      subjectType: 'member',
      subjectId: member.id,
      summary: `${input.role === 'owner' ? 'Added owner' : 'Invited'} ${email}`,
      after: { email, name, role: input.role },
    },
    now,
  );
  return { member, created: true };
}

/** Removes a member: they can no longer sign in, and every session of theirs ends now. */
export async function removeMember(tx: Writer, member: Member, by: Acting, now: Date) {
  const at = now.toISOString();
  await tx.update(teamMembers).set({ removedAt: at }).where(eq(teamMembers.id, member.id));
  await tx
    .update(teamSessions)
    .set({ endedAt: at })
    .where(and(eq(teamSessions.memberId, member.id), isNull(teamSessions.endedAt)));
  await logActivity(
    tx,
    by,
    {
      kind: 'remove',
      subjectType: 'member',
      subjectId: member.id,
      summary: `Removed ${member.email}`,
      before: { email: member.email, role: member.role },
    },
    now,
  );
}
