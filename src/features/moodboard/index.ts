import { lazy } from 'react';

/** The moodboard's host, a chunk of its own (the site's overlays load it after hydration). */
export const loadMoodboardHost = () =>
  import('./components/moodboard-host').then((m) => ({ default: m.MoodboardHost }));

/** The page of a shared moodboard link; its code loads only on that page. */
export const SharedMoodboard = lazy(() => import('./components/shared-moodboard'));
