import { atom } from 'jotai';
import { appStore } from '../../lib/store';

export interface Toast {
  id: number;
  message: string;
  tone: 'success' | 'error' | 'info';
}

/** Spec section 9: at most 20 toasts are kept. */
export const MAX_TOASTS = 20;
export const TOAST_DURATION_MS = 5000;

export const toastsAtom = atom<Toast[]>([]);

let nextId = 1;

export function pushToast(message: string, tone: Toast['tone'] = 'info', store = appStore): number {
  const id = nextId++;
  store.set(toastsAtom, (toasts) => [...toasts, { id, message, tone }].slice(-MAX_TOASTS));
  return id;
}

export function dismissToast(id: number, store = appStore): void {
  store.set(toastsAtom, (toasts) => toasts.filter((toast) => toast.id !== id));
}
