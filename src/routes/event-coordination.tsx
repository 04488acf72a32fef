import { createFileRoute, redirect } from '@tanstack/react-router';

/** Header service link: the home page with the event-coordination service active (spec redirect rule). */
export const Route = createFileRoute('/event-coordination')({
  beforeLoad: () => {
    throw redirect({ to: '/', search: { service: 'event-coordination' }, replace: true });
  },
});
