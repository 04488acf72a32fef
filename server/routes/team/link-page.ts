import type { BusinessSettings } from '../../../src/lib/api-contract/business-settings';
import type { Html } from '../../lib/html';
import { teamLayout } from '../../render/team/layout';

/**
 * A page behind a team email's link: the workspace's own layout (its look, the business's name and
 * colour, never indexed, no script), without the navigation of a signed-in member.
 */
export function teamPage(business: BusinessSettings, title: string, body: Html): string {
  return String(teamLayout({ business }, title, body));
}
