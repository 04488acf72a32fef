import { longDate } from '../../../src/lib/api-contract/dates';
import type { HoldWindow } from '../../../src/lib/api-contract/hold-window';
import type { BookingState } from '../../booking';
import { shortfallText, whenText } from '../../services/emails';

export const windowText = (window: HoldWindow) => `${longDate(window.from)} to ${longDate(window.to)}`;

/** What the request's booking is now, in words, and what confirming it would meet. */
export function stateText(state: BookingState, timeZone: string): { line: string; short: string[] } {
  switch (state.kind) {
    case 'confirmed':
      return {
        line: `Confirmed ${whenText(state.at, timeZone)}: its items are held ${windowText(state.window)}.`,
        short: [],
      };
    case 'out':
      return {
        line: `Confirmed ${whenText(state.at, timeZone)}, and out: due back ${longDate(state.window.to)}.`,
        short: [],
      };
    case 'returned':
      return { line: 'Returned: its items are back.', short: [] };
    case 'declined':
    case 'cancelled':
      return {
        line: `${state.kind === 'declined' ? 'Declined' : 'Cancelled'} ${whenText(state.at, timeZone)}.`,
        short: [],
      };
    case 'holding':
      return {
        line: `Holding its items ${windowText(state.window)} until ${whenText(state.expiresAt ?? '', timeZone)}, waiting for your answer.`,
        short: [],
      };
    default: {
      const short = [...state.shortfalls.map(shortfallText), ...state.unplaced];
      const was =
        state.kind === 'lapsed'
          ? `Its hold lapsed ${whenText(state.expiresAt ?? '', timeZone)}: its items count as free again.`
          : 'It holds nothing: it went to manual processing.';
      const now = short.length
        ? ' Confirming it now would be refused: it is short.'
        : ` Everything is free ${windowText(state.window)}: confirming it holds it all.`;
      return { line: `${was}${now}`, short };
    }
  }
}
