import { createFileRoute, redirect } from '@tanstack/react-router';

/** Header service link: the home page with the faux-florals service active (spec redirect rule). */
export const Route = createFileRoute('/faux-florals')({
  beforeLoad: () => {
    throw redirect({ to: '/', search: { service: 'faux-florals' }, replace: true });
  },
});
