import { describe, expect, it } from 'vitest';
import { lateProblem } from '../../../src/features/availability/availability-rules';
import {
  closingMinuteOf,
  earliestHireDay,
  handOverPassed,
  inTimeFor,
} from '../../../src/lib/api-contract/hand-over-day';
import { DEMO_BUSINESS } from '../../fixtures/demo-business';

/** The demo's week (issue 60's Adelaide owner): open Monday and Wednesday to Friday, 10am-4pm. */
const ADELAIDE = { ...DEMO_BUSINESS, timeZone: 'Australia/Adelaide', closedDays: [] };
/** Monday 7 December 2026, 11:44 pm in Adelaide (UTC+10:30 in summer). */
const LATE_MONDAY = new Date('2026-12-07T13:14:00Z');
/** The same Monday at 9:00 am. */
const EARLY_MONDAY = new Date('2026-12-06T22:30:00Z');

describe('when a hand-over can still happen (issue 60)', () => {
  it('reads the end of the opening hours as people write them', () => {
    expect(closingMinuteOf('10am-4pm by appointment')).toBe(16 * 60);
    expect(closingMinuteOf('9:30am – 5:30pm')).toBe(17 * 60 + 30);
    expect(closingMinuteOf('08:00 to 17:00')).toBe(17 * 60);
    expect(closingMinuteOf('9-5')).toBe(17 * 60);
    expect(closingMinuteOf('7am until 12pm')).toBe(12 * 60);
    expect(closingMinuteOf('Closed')).toBe(0);
    expect(closingMinuteOf('')).toBe(0);
    expect(closingMinuteOf('By appointment')).toBe(24 * 60);
  });

  it('passes today’s hand-over at closing time, and never a day to come', () => {
    expect(handOverPassed('2026-12-07', ADELAIDE, EARLY_MONDAY)).toBe(false);
    expect(handOverPassed('2026-12-07', ADELAIDE, new Date('2026-12-07T05:29:00Z'))).toBe(false); // 3:59 pm
    expect(handOverPassed('2026-12-07', ADELAIDE, new Date('2026-12-07T05:30:00Z'))).toBe(true); // 4:00 pm
    expect(handOverPassed('2026-12-07', ADELAIDE, LATE_MONDAY)).toBe(true);
    expect(handOverPassed('2026-12-06', ADELAIDE, EARLY_MONDAY)).toBe(true);
    expect(handOverPassed('2026-12-09', ADELAIDE, LATE_MONDAY)).toBe(false);
  });

  it('refuses today at 11:44 pm and names Wednesday, the first pickup still possible', () => {
    expect(inTimeFor('2026-12-07', 'pickup', ADELAIDE, LATE_MONDAY)).toBe(false);
    // Tuesday's pickup is Monday's (Tuesday is closed): gone too.
    expect(inTimeFor('2026-12-08', 'pickup', ADELAIDE, LATE_MONDAY)).toBe(false);
    expect(earliestHireDay('pickup', ADELAIDE, LATE_MONDAY)).toBe('2026-12-09');
    // A delivery is the working day before: Wednesday's came on Monday, so Thursday is the first.
    expect(earliestHireDay('delivery', ADELAIDE, LATE_MONDAY)).toBe('2026-12-10');
    // In the morning today is still on.
    expect(inTimeFor('2026-12-07', 'pickup', ADELAIDE, EARLY_MONDAY)).toBe(true);
    expect(lateProblem('2026-12-07', ['pickup'], ADELAIDE, EARLY_MONDAY)).toBeNull();
  });

  it('says so beside the date, naming the first date for the way chosen or for either', () => {
    expect(lateProblem('2026-12-08', ['pickup'], ADELAIDE, LATE_MONDAY)).toBe(
      'It is too late to hand your items over for Tuesday 8 December: the first hire date we can still do is Wednesday 9 December.',
    );
    expect(lateProblem('2026-12-09', ['delivery'], ADELAIDE, LATE_MONDAY)).toBe(
      'It is too late to hand your items over for Wednesday 9 December: the first hire date we can still do is Thursday 10 December.',
    );
    // The event-date picker knows no way yet: a date either can do is fine.
    expect(lateProblem('2026-12-09', ['pickup', 'delivery'], ADELAIDE, LATE_MONDAY)).toBeNull();
  });
});
