import { describe, expect, it } from 'vitest';
import {
  DISPUTE_LIFE_CYCLE,
  HOLD_LIFE_CYCLE,
  INVOICE_LIFE_CYCLE,
  nextMoneyStep,
  REFUND_LIFE_CYCLE,
  SESSION_LIFE_CYCLE,
} from '../../../server/money/life-cycle';

/** Issue 59: what may follow what for card money, one table each, read the way the module reads it. */
describe('the money life-cycle tables', () => {
  it('pays a card session once, from open, from creating (the event beat the answer) or after it expired', () => {
    expect(nextMoneyStep(SESSION_LIFE_CYCLE, 'open', 'paid')).toEqual({ kind: 'move', to: 'paid' });
    expect(nextMoneyStep(SESSION_LIFE_CYCLE, 'creating', 'paid')).toEqual({ kind: 'move', to: 'paid' });
    expect(nextMoneyStep(SESSION_LIFE_CYCLE, 'expired', 'paid')).toEqual({ kind: 'move', to: 'paid' });
    expect(nextMoneyStep(SESSION_LIFE_CYCLE, 'paid', 'paid')).toEqual({ kind: 'unchanged' });
    expect(nextMoneyStep(SESSION_LIFE_CYCLE, 'paid', 'expire')).toEqual({ kind: 'unchanged' });
    expect(nextMoneyStep(SESSION_LIFE_CYCLE, 'failed', 'paid')).toEqual({ kind: 'unchanged' });
  });

  it('ends a refund once: recorded or refused; only a pending one is tried again', () => {
    expect(nextMoneyStep(REFUND_LIFE_CYCLE, 'pending', 'refunded')).toEqual({ kind: 'move', to: 'done' });
    expect(nextMoneyStep(REFUND_LIFE_CYCLE, 'pending', 'refused')).toEqual({ kind: 'move', to: 'failed' });
    expect(nextMoneyStep(REFUND_LIFE_CYCLE, 'pending', 'retry')).toEqual({ kind: 'move', to: 'pending' });
    for (const event of ['refunded', 'refused', 'retry'] as const) {
      expect(nextMoneyStep(REFUND_LIFE_CYCLE, 'done', event)).toEqual({ kind: 'unchanged' });
      expect(nextMoneyStep(REFUND_LIFE_CYCLE, 'failed', event)).toEqual({ kind: 'unchanged' });
    }
  });

  it('closes a dispute once', () => {
    expect(nextMoneyStep(DISPUTE_LIFE_CYCLE, 'open', 'lost')).toEqual({ kind: 'move', to: 'lost' });
    expect(nextMoneyStep(DISPUTE_LIFE_CYCLE, 'open', 'won')).toEqual({ kind: 'move', to: 'won' });
    expect(nextMoneyStep(DISPUTE_LIFE_CYCLE, 'lost', 'lost')).toEqual({ kind: 'unchanged' });
    expect(nextMoneyStep(DISPUTE_LIFE_CYCLE, 'won', 'lost')).toEqual({ kind: 'unchanged' });
  });

  it('replaces a hire tax invoice once: a replaced one is never replaced again', () => {
    expect(nextMoneyStep(INVOICE_LIFE_CYCLE, 'current', 'reissued')).toEqual({ kind: 'move', to: 'replaced' });
    expect(nextMoneyStep(INVOICE_LIFE_CYCLE, 'replaced', 'reissued')).toEqual({ kind: 'unchanged' });
    expect(Object.keys(INVOICE_LIFE_CYCLE).sort()).toEqual(['current', 'replaced']);
  });

  it('takes from a bond hold or releases it once; a lapsed hold is never taken from', () => {
    expect(nextMoneyStep(HOLD_LIFE_CYCLE, 'held', 'keep')).toEqual({ kind: 'move', to: 'capture_due' });
    expect(nextMoneyStep(HOLD_LIFE_CYCLE, 'held', 'release')).toEqual({ kind: 'move', to: 'release_due' });
    expect(nextMoneyStep(HOLD_LIFE_CYCLE, 'held', 'lapsed')).toEqual({ kind: 'move', to: 'expired' });
    expect(nextMoneyStep(HOLD_LIFE_CYCLE, 'capture_due', 'captured')).toEqual({ kind: 'move', to: 'captured' });
    expect(nextMoneyStep(HOLD_LIFE_CYCLE, 'capture_due', 'refused')).toEqual({ kind: 'move', to: 'failed' });
    expect(nextMoneyStep(HOLD_LIFE_CYCLE, 'release_due', 'lapsed')).toEqual({ kind: 'move', to: 'released' });
    // Settled once: a hold being taken from is not released, nor released one taken from.
    expect(nextMoneyStep(HOLD_LIFE_CYCLE, 'capture_due', 'release')).toEqual({ kind: 'unchanged' });
    expect(nextMoneyStep(HOLD_LIFE_CYCLE, 'release_due', 'keep')).toEqual({ kind: 'unchanged' });
    expect(nextMoneyStep(HOLD_LIFE_CYCLE, 'expired', 'keep')).toEqual({ kind: 'unchanged' });
    for (const event of ['keep', 'release', 'captured', 'released', 'lapsed', 'refused'] as const) {
      for (const end of ['captured', 'released', 'expired', 'failed'] as const) {
        expect(nextMoneyStep(HOLD_LIFE_CYCLE, end, event)).toEqual({ kind: 'unchanged' });
      }
    }
  });

  it('lists every state of each table, so an unknown state cannot slip through', () => {
    expect(Object.keys(SESSION_LIFE_CYCLE).sort()).toEqual(['creating', 'expired', 'failed', 'open', 'paid']);
    expect(Object.keys(REFUND_LIFE_CYCLE).sort()).toEqual(['done', 'failed', 'pending']);
    expect(Object.keys(DISPUTE_LIFE_CYCLE).sort()).toEqual(['lost', 'open', 'won']);
    expect(Object.keys(HOLD_LIFE_CYCLE).sort()).toEqual([
      'capture_due',
      'captured',
      'expired',
      'failed',
      'held',
      'release_due',
      'released',
    ]);
  });
});
