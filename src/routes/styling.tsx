import { createFileRoute, redirect } from '@tanstack/react-router';

/** Header service link: the home page with the styling service active (spec redirect rule). */
export const Route = createFileRoute('/styling')({
  beforeLoad: () => {
    throw redirect({ to: '/', search: { service: 'styling' }, replace: true });
  },
});
