import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { teamMembers, teamSignInLinks } from '../../db/schema';
import type { Member } from './members';
import { hashToken, looksLikeToken, randomToken } from './tokens';

/** A sign-in link works once, for 15 minutes; an invitation's for 7 days. */
export const SIGN_IN_LINK_MS = 15 * 60_000;
export const INVITE_LINK_MS = 7 * 86_400_000;

export type LinkPurpose = 'sign_in' | 'invite';

/** Makes a one-time link's token for a member; the database keeps only its hash. */
export async function createSignInLink(tx: Pick<Db, 'insert'>, memberId: string, purpose: LinkPurpose, now: Date) {
  const token = randomToken();
  await tx.insert(teamSignInLinks).values({
    tokenHash: hashToken(token),
    memberId,
    purpose,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + (purpose === 'invite' ? INVITE_LINK_MS : SIGN_IN_LINK_MS)).toISOString(),
  });
  return token;
}

export type LinkCheck =
  | { ok: true; member: Member; purpose: LinkPurpose }
  | { ok: false; reason: 'used' | 'expired' | 'unknown' };

async function find(db: Pick<Db, 'select'>, token: string) {
  if (!looksLikeToken(token)) return null;
  const [row] = await db
    .select({ link: teamSignInLinks, member: teamMembers })
    .from(teamSignInLinks)
    .innerJoin(teamMembers, eq(teamMembers.id, teamSignInLinks.memberId))
    .where(eq(teamSignInLinks.tokenHash, hashToken(token)));
  return row ?? null;
}

/** What a link is now, without using it (its page shows a button: following a link changes nothing). */
export async function checkSignInLink(db: Pick<Db, 'select'>, token: string, now: Date): Promise<LinkCheck> {
  const row = await find(db, token);
  if (!row || row.member.removedAt) return { ok: false, reason: 'unknown' };
  if (row.link.usedAt) return { ok: false, reason: 'used' };
  if (row.link.expiresAt <= now.toISOString()) return { ok: false, reason: 'expired' };
  return { ok: true, member: row.member, purpose: row.link.purpose };
}

/**
 * Uses a link, once: marked used in the caller's transaction by one conditional update, so two
 * clicks at once sign in once. Answers why not when it cannot be used.
 */
export async function useSignInLink(tx: Pick<Db, 'select' | 'update'>, token: string, now: Date): Promise<LinkCheck> {
  const check = await checkSignInLink(tx, token, now);
  if (!check.ok) return check;
  const at = now.toISOString();
  const used = await tx
    .update(teamSignInLinks)
    .set({ usedAt: at })
    .where(
      and(
        eq(teamSignInLinks.tokenHash, hashToken(token)),
        isNull(teamSignInLinks.usedAt),
        gt(teamSignInLinks.expiresAt, at),
      ),
    )
    .returning({ memberId: teamSignInLinks.memberId });
  return used.length ? check : { ok: false, reason: 'used' };
}
