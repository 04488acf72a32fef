import { atom } from 'jotai';

/**
 * The open modal dialogs, oldest first. Everything outside the top one is inert (even in the top
 * layer), so content that must stay usable above a dialog, such as toasts, renders inside it.
 */
export const modalStackAtom = atom<HTMLElement[]>([]);

export const topModalAtom = atom((get) => get(modalStackAtom).at(-1) ?? null);
