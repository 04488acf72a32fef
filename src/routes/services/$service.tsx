import { createFileRoute, notFound } from '@tanstack/react-router';

/**
 * /services/{slug}: the home screen of a service. The root route sends a service's slug home with
 * ?service={slug} before this matches; an unknown slug is not found.
 */
export const Route = createFileRoute('/services/$service')({
  beforeLoad: () => {
    throw notFound();
  },
});
