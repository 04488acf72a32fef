import { createFileRoute, notFound } from '@tanstack/react-router';

/**
 * /{slug}: a header service link. The root route sends a service's slug home with ?service={slug}
 * (spec redirect rule) before this matches; any other single-segment address is not found.
 */
export const Route = createFileRoute('/$service')({
  beforeLoad: () => {
    throw notFound();
  },
});
