import { atom } from 'jotai';
import { appStore } from '../../lib/store';

export interface Toast {
  id: number;
  message: string;
  tone: 'success' | 'error' | 'info';
  /** Toasts of one group in a row are summarised in one (several adds to the cart, for example). */
  group?: string;
  /** How many toasts of its group this one stands for. */
  count: number;
  /** When it was shown, in ms since the epoch. */
  shownAt: number;
}

export interface ToastOptions {
  group?: string;
  /** The text of a toast standing for `count` of its group (count ≥ 2). */
  summary?: (count: number) => string;
}

/** The group of notices nobody asked for (the store is ready offline): a phone shows them last. */
export const NOTICE_GROUP = 'notice';

/**
 * The one toast a phone shows: the newest that answers something the shopper did (an add, an order,
 * an error), else the newest notice: a notice never hides the answer to a tap.
 */
export function phoneToast(toasts: Toast[]): Toast[] {
  const shown = toasts.findLast((toast) => toast.group !== NOTICE_GROUP) ?? toasts.at(-1);
  return shown ? [shown] : [];
}

/** Spec section 9: at most 20 toasts are kept. */
export const MAX_TOASTS = 20;
export const TOAST_DURATION_MS = 5000;

export const toastsAtom = atom<Toast[]>([]);

let nextId = 1;

/**
 * The toasts after one more: a toast of the same group as the newest one still on screen replaces it,
 * with the summary text and a fresh timer (and a new id, so it is announced again).
 */
export function withToast(
  toasts: Toast[],
  message: string,
  tone: Toast['tone'],
  options: ToastOptions,
  id: number,
  now: number,
): Toast[] {
  const last = toasts.at(-1);
  if (
    options.group &&
    options.summary &&
    last?.group === options.group &&
    last.tone === tone &&
    now - last.shownAt < TOAST_DURATION_MS
  ) {
    const count = last.count + 1;
    return [
      ...toasts.slice(0, -1),
      { id, message: options.summary(count), tone, group: options.group, count, shownAt: now },
    ];
  }
  return [...toasts, { id, message, tone, group: options.group, count: 1, shownAt: now }].slice(-MAX_TOASTS);
}

export function pushToast(
  message: string,
  tone: Toast['tone'] = 'info',
  options: ToastOptions = {},
  store = appStore,
): number {
  const id = nextId++;
  store.set(toastsAtom, (toasts) => withToast(toasts, message, tone, options, id, Date.now()));
  return id;
}

export function dismissToast(id: number, store = appStore): void {
  store.set(toastsAtom, (toasts) => toasts.filter((toast) => toast.id !== id));
}

/** Drops the toasts whose time is up. */
export function pruneToasts(now: number, store = appStore): void {
  store.set(toastsAtom, (toasts) => {
    const kept = toasts.filter((toast) => now - toast.shownAt < TOAST_DURATION_MS);
    return kept.length === toasts.length ? toasts : kept;
  });
}
