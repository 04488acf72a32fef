import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import {
  MAX_TOASTS,
  NOTICE_GROUP,
  phoneToast,
  pruneToasts,
  pushToast,
  TOAST_DURATION_MS,
  type Toast,
  toastsAtom,
  withToast,
} from '../../../../src/components/ui/toast-state';

const cartAdd = { group: 'cart-add', summary: (count: number) => `${count} items have been added to your cart.` };

describe('toasts', () => {
  it('keeps the spec text for one add', () => {
    const toasts = withToast([], 'Stone Urn has been added to your cart.', 'success', cartAdd, 1, 0);
    expect(toasts.map((toast) => toast.message)).toEqual(['Stone Urn has been added to your cart.']);
  });

  it('summarises adds in a row in one toast with a fresh id and time', () => {
    let toasts: Toast[] = [];
    for (let index = 0; index < 4; index++)
      toasts = withToast(toasts, `Item ${index} added`, 'success', cartAdd, index + 1, index * 100);
    expect(toasts).toEqual([
      {
        id: 4,
        message: '4 items have been added to your cart.',
        tone: 'success',
        group: 'cart-add',
        count: 4,
        shownAt: 300,
      },
    ]);
  });

  it('starts a new toast once the last of the group has had its time, or another toast came between', () => {
    const first = withToast([], 'A added', 'success', cartAdd, 1, 0);
    expect(withToast(first, 'B added', 'success', cartAdd, 2, TOAST_DURATION_MS).map((toast) => toast.message)).toEqual(
      ['A added', 'B added'],
    );
    const between = withToast(first, 'Saved offline', 'info', {}, 2, 10);
    expect(withToast(between, 'B added', 'success', cartAdd, 3, 20).map((toast) => toast.message)).toEqual([
      'A added',
      'Saved offline',
      'B added',
    ]);
  });

  it('never merges toasts without a group, and keeps at most 20', () => {
    let toasts: Toast[] = [];
    for (let index = 0; index < 25; index++) toasts = withToast(toasts, `Message ${index}`, 'info', {}, index, index);
    expect(toasts).toHaveLength(MAX_TOASTS);
    expect(toasts[0]?.message).toBe('Message 5');
  });

  it('lets every toast go when its time is up, the ones a phone held back too', () => {
    const store = createStore();
    pushToast('Saved offline', 'info', {}, store);
    pushToast('Stone Urn has been added to your cart.', 'success', {}, store);
    const [older] = store.get(toastsAtom);
    pruneToasts((older?.shownAt ?? 0) + TOAST_DURATION_MS - 1, store);
    expect(store.get(toastsAtom)).toHaveLength(2);
    pruneToasts(Date.now() + TOAST_DURATION_MS, store);
    expect(store.get(toastsAtom)).toEqual([]);
  });
});

describe('the one toast a phone shows', () => {
  const toast = (id: number, group?: string): Toast => ({
    id,
    message: `toast ${id}`,
    tone: group === NOTICE_GROUP ? 'info' : 'success',
    group,
    count: 1,
    shownAt: id,
  });

  it('is the newest answer to the shopper, even when a notice came after it', () => {
    expect(phoneToast([toast(1), toast(2, 'cart-add'), toast(3, NOTICE_GROUP)]).map((t) => t.id)).toEqual([2]);
  });

  it('is the notice when nothing else is showing, and nothing when there is no toast', () => {
    expect(phoneToast([toast(1, NOTICE_GROUP)]).map((t) => t.id)).toEqual([1]);
    expect(phoneToast([])).toEqual([]);
  });
});
