import { createFileRoute, notFound, redirect } from '@tanstack/react-router';
import { isServiceKey } from '../../lib/services';

/** /services/{service}: the home screen of a service, reached through the home page. */
export const Route = createFileRoute('/services/$service')({
  beforeLoad: ({ params }) => {
    if (!isServiceKey(params.service)) throw notFound();
    throw redirect({ to: '/', search: { service: params.service }, replace: true });
  },
});
