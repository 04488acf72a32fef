import { lazy } from 'react';

export { MoodboardHost } from './components/moodboard-host';
export { SharedMoodboardMeta } from './components/shared-moodboard-meta';

/** The page of a shared moodboard link; its code loads only on that page. */
export const SharedMoodboard = lazy(() => import('./components/shared-moodboard'));
