import { atom } from 'jotai';

/**
 * The toast slots of the open modal dialogs, oldest first. Everything outside the top dialog is inert
 * (even in the top layer), so toasts, which must stay usable above a dialog, render in its slot.
 */
export const modalStackAtom = atom<HTMLElement[]>([]);

export const topModalAtom = atom((get) => get(modalStackAtom).at(-1) ?? null);
