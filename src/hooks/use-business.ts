import { useSuspenseQuery } from '@tanstack/react-query';
import type { BusinessSettings } from '../lib/api-contract/business-settings';
import { businessQueryOptions } from '../lib/business-query';

/** The business's own settings: name, contact details, hours, days and rules (loaded by the root route). */
export function useBusiness(): BusinessSettings {
  return useSuspenseQuery(businessQueryOptions()).data;
}
