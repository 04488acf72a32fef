import { createFileRoute, redirect } from '@tanstack/react-router';

/** Header service link: the home page with the custom-signage service active (spec redirect rule). */
export const Route = createFileRoute('/custom-signage')({
  beforeLoad: () => {
    throw redirect({ to: '/', search: { service: 'custom-signage' }, replace: true });
  },
});
