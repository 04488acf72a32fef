import { createStore } from 'jotai';

export type Store = ReturnType<typeof createStore>;

/**
 * The one jotai store of the page, shared by React (Provider) and non-React code. The server renders
 * each request with a store of its own (nothing there writes to this one).
 */
export const appStore = createStore();

export { createStore };
