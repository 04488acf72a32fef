import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { CustomerBooking } from '../../../lib/api-contract/customer-booking';
import { formatMoney } from '../../../lib/api-contract/money';
import { ApiError, isNetworkError } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';
import { takeWaiver } from '../api/booking-query';

/**
 * The damage waiver on the booking page (issue 61): what it costs and covers, and, while it is
 * offered, a button to take it. A plain form the server takes before the page's script runs; once
 * hydrated, the same through the API, the page then showing the waiver's line and the new totals.
 */
export function WaiverOffer({
  token,
  waiver,
  pricesIncludeGst,
}: {
  token: string;
  waiver: NonNullable<CustomerBooking['waiver']>;
  pricesIncludeGst: boolean;
}) {
  const queryClient = useQueryClient();
  const [message, setMessage] = useState<string | null>(null);
  const take = useMutation({
    mutationFn: () => takeWaiver(token),
    onSuccess: (booking: CustomerBooking) => queryClient.setQueryData(queryKeys.booking(token), booking),
    onError: (error) =>
      setMessage(
        isNetworkError(error)
          ? 'You are offline. Add the waiver once you are back online.'
          : error instanceof ApiError
            ? error.message
            : 'We could not add the waiver. Try again.',
      ),
  });
  if (!waiver.taken && !waiver.offered) return null;
  return (
    <section className="booking__card" aria-labelledby="booking-waiver">
      <h2 id="booking-waiver">Damage waiver</h2>
      {waiver.taken ? (
        <p>You have the damage waiver. {waiver.text}</p>
      ) : (
        <form
          method="post"
          action={`/booking/${token}/waiver`}
          onSubmit={(event) => {
            event.preventDefault();
            setMessage(null);
            take.mutate();
          }}
        >
          <p>
            {formatMoney(waiver.cents)} {pricesIncludeGst ? 'including GST' : 'plus GST'}: {waiver.text}
          </p>
          {message && (
            <p className="booking-accept__problem" role="alert">
              {message}
            </p>
          )}
          <button type="submit" className="button" disabled={take.isPending}>
            {take.isPending ? 'Adding…' : `Add the damage waiver (${formatMoney(waiver.cents)})`}
          </button>
        </form>
      )}
    </section>
  );
}
