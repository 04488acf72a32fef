import { createStore } from 'jotai';

/** The one jotai store of the app, shared by React (Provider) and non-React code. */
export const appStore = createStore();
