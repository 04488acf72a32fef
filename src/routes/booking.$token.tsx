import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { BookingPage, bookingQueryOptions } from '../features/booking';
import { PageMeta } from '../features/seo';
import { useBusiness } from '../hooks/use-business';
import { ApiError } from '../lib/http';
import { reportStatus } from '../lib/render-status';

export const Route = createFileRoute('/booking/$token')({
  /** `problem`: the form sent before the page's script ran was missing the name or the tick. */
  validateSearch: (
    search: Record<string, unknown>,
  ): {
    problem?: 'accept' | 'quote' | 'sign';
    paid?: 'card' | 'hold';
  } => ({
    ...(search.problem === 'accept' || search.problem === 'quote' || search.problem === 'sign'
      ? { problem: search.problem }
      : {}),
    ...(search.paid === 'card' || search.paid === 'hold' ? { paid: search.paid } : {}),
  }),
  // Offline, this device's copy of the booking (the query cache) answers; the server renders it fresh.
  loader: ({ context, params }) =>
    context.queryClient.ensureQueryData(bookingQueryOptions(params.token)).catch((error: unknown) => {
      if (error instanceof ApiError) {
        // A link that is not one of ours is a miss (404), a rate-limited asker 429: the page says which.
        if (error.status === 404 || error.status === 429) reportStatus(error.status);
        return null;
      }
      throw error;
    }),
  component: BookingRoute,
});

function BookingRoute() {
  const { token } = Route.useParams();
  const { problem, paid } = Route.useSearch();
  const business = useBusiness();
  const query = useQuery(bookingQueryOptions(token));
  const meta = (
    <PageMeta title={`Your booking | ${business.name}`} description={`Your booking with ${business.name}.`} noindex />
  );
  if (!query.data) {
    return (
      <article className="page booking">
        {meta}
        <h1>Your booking</h1>
        {query.error ? (
          <p role="alert">
            {query.error instanceof ApiError && query.error.status === 404
              ? 'This booking link is not known. Use the link in your latest email from us, or contact us.'
              : 'We could not load your booking. Check your connection and try again.'}
          </p>
        ) : (
          <p role="status">Loading your booking…</p>
        )}
      </article>
    );
  }
  return (
    <>
      {meta}
      <BookingPage
        booking={query.data}
        token={token}
        problem={problem ?? null}
        paidByCard={paid ?? null}
        fromCache={query.isError || (query.isPaused && query.isStale)}
      />
    </>
  );
}
