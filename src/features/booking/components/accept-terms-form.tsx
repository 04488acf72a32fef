import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useId, useRef, useState } from 'react';
import { useBusiness } from '../../../hooks/use-business';
import { useHydrated } from '../../../hooks/use-hydrated';
import { ACCEPT_NAME_MAX, type CustomerBooking } from '../../../lib/api-contract/customer-booking';
import { ApiError, isNetworkError } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';
import { acceptTerms } from '../api/booking-query';
import { SignatureField, type SignatureFieldHandle, type SignatureValue } from './signature-field';

export const ACCEPT_PROBLEM = 'Type your full name and tick the box to accept the terms.';
const QUOTE_PROBLEM = 'This quote changed or lapsed since you opened it: read it as it is now, and accept it again.';
const SIGN_PROBLEM = 'Sign in the box, or choose to sign by typing your name: your name alone is not a signature here.';
const OFFLINE = 'You are offline. Accept the terms once you are back online.';

/**
 * Accepting the terms: the customer's typed name and a tick. A plain form the server takes before the
 * page's script runs (then back to the page); once hydrated, the same acceptance through the API.
 * The inputs are the browser's own, so what was typed before hydration stays.
 */
export function AcceptTermsForm({
  token,
  problem,
  quote,
}: {
  token: string;
  problem: 'accept' | 'quote' | 'sign' | null;
  /** The newest quote (issue 61): accepted on this version and digest only. */
  quote: CustomerBooking['quote'];
}) {
  const id = useId();
  // Before hydration the browser's own checks stop an empty form; after, this form's message says it.
  const hydrated = useHydrated();
  const queryClient = useQueryClient();
  const [message, setMessage] = useState<string | null>(
    problem === 'accept'
      ? ACCEPT_PROBLEM
      : problem === 'quote'
        ? QUOTE_PROBLEM
        : problem === 'sign'
          ? SIGN_PROBLEM
          : null,
  );
  const business = useBusiness();
  const signatureRequired = business.payments.signatureRequired;
  const signature = useRef<SignatureFieldHandle>(null);
  const [typedName, setTypedName] = useState('');
  // Signed after being told to: the message goes.
  const clearSignProblem = useCallback(() => setMessage((shown) => (shown === SIGN_PROBLEM ? null : shown)), []);
  const accept = useMutation({
    mutationFn: ({ name, signed }: { name: string; signed: SignatureValue }) =>
      acceptTerms(token, {
        name,
        agree: true,
        ...(quote ? { quote_version: quote.version, quote_digest: quote.digest } : {}),
        ...(signed ? { signature: signed } : {}),
      }),
    onSuccess: (booking: CustomerBooking) => queryClient.setQueryData(queryKeys.booking(token), booking),
    onError: (error) => {
      // A quote changed since the page was read: the booking is read again, showing the newest.
      if (error instanceof ApiError && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.booking(token) });
      }
      setMessage(
        isNetworkError(error)
          ? OFFLINE
          : error instanceof ApiError
            ? error.message
            : 'We could not record your acceptance. Try again.',
      );
    },
  });
  return (
    <form
      className="booking-accept"
      method="post"
      action={`/booking/${token}/accept`}
      noValidate={hydrated}
      aria-describedby={message ? `${id}-problem` : undefined}
      onSubmit={(event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        const name = String(form.get('name') ?? '').trim();
        if (name.length < 2 || form.get('agree') !== 'yes') {
          setMessage(ACCEPT_PROBLEM);
          return;
        }
        const signed = signature.current?.value() ?? null;
        if (signatureRequired && !signed) {
          setMessage(SIGN_PROBLEM);
          return;
        }
        setMessage(null);
        accept.mutate({ name, signed });
      }}
    >
      {quote && (
        <>
          <input type="hidden" name="quote_version" value={quote.version} />
          <input type="hidden" name="quote_digest" value={quote.digest} />
        </>
      )}
      <div className="field">
        <label htmlFor={`${id}-name`}>Your full name</label>
        <input
          id={`${id}-name`}
          name="name"
          type="text"
          autoComplete="name"
          required
          minLength={2}
          maxLength={ACCEPT_NAME_MAX}
          onInput={(event) => setTypedName(event.currentTarget.value)}
        />
      </div>
      <SignatureField ref={signature} required={signatureRequired} name={typedName} onSign={clearSignProblem} />
      <label className="booking-accept__tick">
        <input type="checkbox" name="agree" value="yes" required />
        <span>
          I have read and accept the <a href="/terms">Terms &amp; Conditions of Hire</a>, including the payment and
          cancellation terms above.
        </span>
      </label>
      {message && (
        <p id={`${id}-problem`} className="booking-accept__problem" role="alert">
          {message}
        </p>
      )}
      <button type="submit" className="button" disabled={accept.isPending}>
        {accept.isPending ? 'Accepting…' : quote ? 'Accept the quote' : 'Accept the terms'}
      </button>
    </form>
  );
}
