import type { KeyboardEvent } from 'react';
import { type Arrangement, HOME, keyed, placementOf } from '../../../lib/arrange/placement';

/**
 * The keyboard twin of the gestures, for any board whose pieces carry data-arrange-id: arrows move
 * the focused piece (Shift for bigger steps), + and - resize it. Returns whether the key was used.
 * The change is computed from the latest arrangement, as keys can outrun renders.
 */
export function handleArrangeKey(
  event: KeyboardEvent,
  setArrangement: (update: (current: Arrangement) => Arrangement) => void,
  raise: (id: string) => void,
): boolean {
  const piece = (event.target as Element).closest<HTMLElement>('[data-arrange-id]');
  const id = piece?.dataset.arrangeId;
  if (!id || event.altKey || event.ctrlKey || event.metaKey) return false;
  if (keyed(HOME, event.key, event.shiftKey) === null) return false;
  event.preventDefault();
  raise(id);
  const { key, shiftKey } = event;
  setArrangement((current) => {
    const next = keyed(placementOf(current, id), key, shiftKey);
    return next ? { ...current, [id]: next } : current;
  });
  return true;
}
