import { useMemo } from 'react';
import { useBusiness } from '../../../hooks/use-business';
import { decodeBoard } from '../../../lib/moodboard-link';
import { PageMeta } from '../../seo';

/**
 * The head of a shared moodboard's page. It is rendered outside the board's lazy code, so the server
 * puts it in <head> with the first bytes (inside a suspended part it arrived in <body>).
 */
export function SharedMoodboardMeta({ board }: { board: string | undefined }) {
  const business = useBusiness();
  const decoded = useMemo(() => decodeBoard(board), [board]);
  return (
    <PageMeta
      title={`Shared Moodboard | ${business.name}`}
      description={`A moodboard of event hire props from ${business.name}.`}
      noindex
      image={
        decoded && board
          ? {
              path: `/api/moodboard/preview?board=${encodeURIComponent(board)}`,
              width: 1200,
              height: 630,
              alt: 'The photos of this moodboard, laid out as the planner arranged them',
            }
          : null
      }
    />
  );
}
