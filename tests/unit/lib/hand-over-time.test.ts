import { describe, expect, it } from 'vitest';
import { CLOCK_TIME, clockTimeText, handOverTimeText } from '../../../src/lib/api-contract/hold-window';

describe('the time agreed for a hand-over', () => {
  it.each([
    ['00:15', '12:15 am'],
    ['09:05', '9:05 am'],
    ['11:59', '11:59 am'],
    ['12:00', '12:00 pm'],
    ['13:30', '1:30 pm'],
    ['23:45', '11:45 pm'],
  ])('reads %s as %s', (time, text) => expect(clockTimeText(time)).toBe(text));

  it('is both times or none', () => {
    expect(handOverTimeText('09:00', '11:00')).toBe('between 9:00 am and 11:00 am');
    expect(handOverTimeText('09:00', null)).toBeNull();
    expect(handOverTimeText(null, null)).toBeNull();
  });

  it('takes what a time field sends and nothing else', () => {
    for (const good of ['00:00', '09:30', '23:59']) expect(CLOCK_TIME.test(good)).toBe(true);
    for (const bad of ['24:00', '9:30', '09:60', '09:30:00', ' 09:30', '']) expect(CLOCK_TIME.test(bad)).toBe(false);
  });
});
