import { randomUUID } from 'node:crypto';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { teamMembers, teamPasskeyChallenges, teamPasskeys } from '../../db/schema';
import { logSessionActivity } from './activity';
import type { Member } from './members';

const CHALLENGE_MS = 5 * 60_000;

/**
 * The WebAuthn library, loaded the first time a passkey is added or used: about 17 MB a server holds
 * from then on, not from its start (issue 63).
 */
let webauthn: Promise<typeof import('@simplewebauthn/server')> | undefined;
const loadWebauthn = () => (webauthn ??= import('@simplewebauthn/server'));

/** Where the browser is: its origin (as it reached us) and the WebAuthn RP ID (the host name). */
export interface RelyingParty {
  origin: string;
  rpID: string;
  name: string;
}

async function newChallenge(db: Pick<Db, 'insert'>, challenge: string, memberId: string | null, now: Date) {
  const id = randomUUID();
  await db
    .insert(teamPasskeyChallenges)
    .values({ id, challenge, memberId, expiresAt: new Date(now.getTime() + CHALLENGE_MS).toISOString() });
  return id;
}

/** Takes a challenge once: it is deleted as it is read, so it answers one response only. */
async function takeChallenge(db: Pick<Db, 'delete'>, id: string, memberId: string | null, now: Date) {
  const [row] = await db
    .delete(teamPasskeyChallenges)
    .where(
      and(
        eq(teamPasskeyChallenges.id, id),
        gt(teamPasskeyChallenges.expiresAt, now.toISOString()),
        memberId ? eq(teamPasskeyChallenges.memberId, memberId) : isNull(teamPasskeyChallenges.memberId),
      ),
    )
    .returning();
  return row?.challenge ?? null;
}

export const passkeysOf = (db: Pick<Db, 'select'>, memberId: string) =>
  db.select().from(teamPasskeys).where(eq(teamPasskeys.memberId, memberId));

/** Options for adding a passkey to a signed-in member's account. */
export async function registrationOptions(db: Db, rp: RelyingParty, member: Member, now: Date) {
  const existing = await passkeysOf(db, member.id);
  const { generateRegistrationOptions } = await loadWebauthn();
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.rpID,
    userName: member.email,
    userDisplayName: member.name,
    userID: new TextEncoder().encode(member.id),
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.id, transports: p.transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  return { options, challengeId: await newChallenge(db, options.challenge, member.id, now) };
}

/** Checks the authenticator's answer and keeps the passkey. */
export async function registerPasskey(
  db: Db,
  rp: RelyingParty,
  member: Member,
  challengeId: string,
  response: RegistrationResponseJSON,
  now: Date,
): Promise<boolean> {
  const expectedChallenge = await takeChallenge(db, challengeId, member.id, now);
  if (!expectedChallenge) return false;
  const { verifyRegistrationResponse } = await loadWebauthn();
  const verified = await verifyRegistrationResponse({
    response,
    expectedChallenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.rpID,
    requireUserVerification: false,
  }).catch(() => null);
  if (!verified?.verified || !verified.registrationInfo) return false;
  const { credential } = verified.registrationInfo;
  await db.transaction(async (tx) => {
    await tx.insert(teamPasskeys).values({
      id: credential.id,
      memberId: member.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: credential.transports ?? [],
      createdAt: now.toISOString(),
    });
    await logSessionActivity(tx, member, 'passkey_added', 'Added a passkey', now);
  });
  return true;
}

/** Options for signing in with any member's passkey (the authenticator offers its own). */
export async function authenticationOptions(db: Db, rp: RelyingParty, now: Date) {
  const { generateAuthenticationOptions } = await loadWebauthn();
  const options = await generateAuthenticationOptions({ rpID: rp.rpID, userVerification: 'preferred' });
  return { options, challengeId: await newChallenge(db, options.challenge, null, now) };
}

/**
 * Checks a passkey's answer: the member it belongs to (not removed), with its counter moved on; null
 * for an unknown passkey, a used or late challenge, or a signature that does not verify.
 */
export async function verifyPasskey(
  db: Db,
  rp: RelyingParty,
  challengeId: string,
  response: AuthenticationResponseJSON,
  now: Date,
): Promise<Member | null> {
  const expectedChallenge = await takeChallenge(db, challengeId, null, now);
  if (!expectedChallenge || typeof response?.id !== 'string') return null;
  const [row] = await db
    .select({ passkey: teamPasskeys, member: teamMembers })
    .from(teamPasskeys)
    .innerJoin(teamMembers, eq(teamMembers.id, teamPasskeys.memberId))
    .where(and(eq(teamPasskeys.id, response.id), isNull(teamMembers.removedAt)));
  if (!row) return null;
  const { verifyAuthenticationResponse } = await loadWebauthn();
  const verified = await verifyAuthenticationResponse({
    response,
    expectedChallenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.rpID,
    credential: {
      id: row.passkey.id,
      publicKey: new Uint8Array(Buffer.from(row.passkey.publicKey, 'base64url')),
      counter: row.passkey.counter,
      transports: row.passkey.transports as never,
    },
    requireUserVerification: false,
  }).catch(() => null);
  if (!verified?.verified) return null;
  await db
    .update(teamPasskeys)
    .set({ counter: verified.authenticationInfo.newCounter, lastUsedAt: now.toISOString() })
    .where(eq(teamPasskeys.id, row.passkey.id));
  return row.member;
}
