import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { teamMembers, teamSessions } from '../../db/schema';
import type { Member } from './members';
import { hashToken, looksLikeToken, randomToken } from './tokens';

/** A session ends after this long without a request. */
export const SESSION_IDLE_MS = 12 * 3_600_000;
/** And this long after sign-in, whatever happens. */
export const SESSION_MAX_MS = 30 * 86_400_000;
/** Seen again within this long, a session's last-seen time is not written again (no write per page). */
const TOUCH_EVERY_MS = 60_000;

export interface TeamSession {
  idHash: string;
  csrf: string;
  member: Member;
  createdAt: string;
}

type Writer = Pick<Db, 'select' | 'insert' | 'update'>;

/** A new session for a member: the cookie's value (given once) and its CSRF token. */
export async function startSession(tx: Writer, memberId: string, method: 'link' | 'passkey', now: Date) {
  const cookie = randomToken();
  const csrf = randomToken();
  const at = now.toISOString();
  await tx.insert(teamSessions).values({
    idHash: hashToken(cookie),
    memberId,
    csrf,
    createdAt: at,
    lastSeenAt: at,
    expiresAt: new Date(now.getTime() + SESSION_MAX_MS).toISOString(),
    method,
  });
  return { cookie, csrf };
}

/**
 * The live session a cookie names, with its member: not ended, not past 30 days, not idle for 12
 * hours, its member not removed. A session in use is marked as seen (at most once a minute).
 */
export async function readSession(db: Db, cookie: string | undefined, now: Date): Promise<TeamSession | null> {
  if (!cookie || !looksLikeToken(cookie)) return null;
  const at = now.toISOString();
  const idHash = hashToken(cookie);
  const [row] = await db
    .select({ session: teamSessions, member: teamMembers })
    .from(teamSessions)
    .innerJoin(teamMembers, eq(teamMembers.id, teamSessions.memberId))
    .where(
      and(
        eq(teamSessions.idHash, idHash),
        isNull(teamSessions.endedAt),
        gt(teamSessions.expiresAt, at),
        gt(teamSessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_MS).toISOString()),
        isNull(teamMembers.removedAt),
      ),
    );
  if (!row) return null;
  if (now.getTime() - new Date(row.session.lastSeenAt).getTime() > TOUCH_EVERY_MS) {
    await db.update(teamSessions).set({ lastSeenAt: at }).where(eq(teamSessions.idHash, idHash));
  }
  return { idHash, csrf: row.session.csrf, member: row.member, createdAt: row.session.createdAt };
}

/** Ends one session (sign out, or the old one at sign-in). */
export async function endSession(tx: Pick<Db, 'update'>, cookie: string | undefined, now: Date) {
  if (!cookie || !looksLikeToken(cookie)) return;
  await tx
    .update(teamSessions)
    .set({ endedAt: now.toISOString() })
    .where(and(eq(teamSessions.idHash, hashToken(cookie)), isNull(teamSessions.endedAt)));
}

/** Ends every session of a member ("Sign out everywhere"). */
export async function endAllSessions(tx: Pick<Db, 'update'>, memberId: string, now: Date) {
  await tx
    .update(teamSessions)
    .set({ endedAt: now.toISOString() })
    .where(and(eq(teamSessions.memberId, memberId), isNull(teamSessions.endedAt)));
}
