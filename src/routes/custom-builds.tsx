import { createFileRoute, redirect } from '@tanstack/react-router';

/** Header service link: the home page with the custom-builds service active (spec redirect rule). */
export const Route = createFileRoute('/custom-builds')({
  beforeLoad: () => {
    throw redirect({ to: '/', search: { service: 'custom-builds' }, replace: true });
  },
});
