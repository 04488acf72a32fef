import { and, eq, isNull } from 'drizzle-orm';
import type { BusinessSettings } from '../../../src/lib/api-contract/business-settings';
import type { Db } from '../../db/client';
import { teamMembers } from '../../db/schema';
import type { Acting } from './activity';

/**
 * Who is acting, as the order actions check it (issue 59): read inside their transaction, never taken
 * from the caller. A member removed, or not found, has no role: every check fails closed for them.
 */
export type ActingRole = 'owner' | 'staff' | 'viewer' | 'email link' | 'system' | 'customer';

export async function actingRole(db: Pick<Db, 'select'>, by: Acting): Promise<ActingRole | null> {
  if (typeof by === 'string') return by;
  const [member] = await db
    .select({ role: teamMembers.role })
    .from(teamMembers)
    .where(and(eq(teamMembers.id, by.id), isNull(teamMembers.removedAt)));
  return member?.role ?? null;
}

/** May change a request at all (answer, change, hand over, record back): not a viewer, not no one. */
export const mayChangeRequests = (role: ActingRole | null): boolean => role !== null && role !== 'viewer';

/**
 * May cancel a booking that is confirmed: an owner, the system (a release by the owner's rule), a
 * signed link in the team's email (sent to the business's own address, and acting without a sign-in
 * only where the owner set it so), or staff where the owner's setting lets them.
 */
export const mayCancelConfirmed = (
  role: ActingRole | null,
  business: Pick<BusinessSettings, 'staffMayCancelConfirmed'>,
): boolean =>
  role === 'owner' ||
  role === 'system' ||
  role === 'email link' ||
  (role === 'staff' && business.staffMayCancelConfirmed);

/** May set a price on a request (its delivery fee): an owner, or staff where the owner's setting lets them. */
export const mayChangePrices = (
  role: ActingRole | null,
  business: Pick<BusinessSettings, 'staffMayChangePrices'>,
): boolean => role === 'owner' || (role === 'staff' && business.staffMayChangePrices);
