import { createFileRoute } from '@tanstack/react-router';
import { Suspense } from 'react';
import { SharedMoodboard, SharedMoodboardMeta } from '../features/moodboard';

/** A shared moodboard: the whole board travels in `board` (see lib/moodboard-link.ts). */
export const Route = createFileRoute('/moodboard')({
  validateSearch: (search: Record<string, unknown>): { board?: string } =>
    typeof search.board === 'string' && search.board.length > 0 ? { board: search.board } : {},
  component: MoodboardPage,
});

function MoodboardPage() {
  const { board } = Route.useSearch();
  return (
    <>
      <SharedMoodboardMeta board={board} />
      <Suspense fallback={<p className="page">Loading moodboard…</p>}>
        <SharedMoodboard key={board ?? ''} board={board} />
      </Suspense>
    </>
  );
}
