import { queryOptions } from '@tanstack/react-query';
import type { AcceptTermsBody, CustomerBooking } from '../../../lib/api-contract/customer-booking';
import { ApiError, apiRequest } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

/**
 * GET /api/bookings/{token}: the customer's booking. Kept with the query cache on this device, so the
 * page reads the same offline as when last opened; always asked again when online.
 */
export const bookingQueryOptions = (token: string) =>
  queryOptions({
    queryKey: queryKeys.booking(token),
    queryFn: async ({ signal }) =>
      (await apiRequest<{ data: CustomerBooking }>(`/bookings/${encodeURIComponent(token)}`, { signal })).data,
    staleTime: 0,
    // An unknown link stays unknown: only a failed network or server is tried again.
    retry: (failures, error) => failures < 2 && !(error instanceof ApiError && error.status < 500),
  });

/** POST /api/bookings/{token}/accept: the booking as it stands after. */
export const acceptTerms = async (token: string, body: AcceptTermsBody) =>
  (
    await apiRequest<{ data: CustomerBooking }>(`/bookings/${encodeURIComponent(token)}/accept`, {
      method: 'POST',
      body,
    })
  ).data;

/** Takes the damage waiver on the booking (issue 61): the booking as it now stands. */
export const takeWaiver = async (token: string) =>
  (
    await apiRequest<{ data: CustomerBooking }>(`/bookings/${encodeURIComponent(token)}/waiver`, {
      method: 'POST',
      body: {},
    })
  ).data;
