import { createStore } from 'jotai';

/**
 * The one jotai store of the app. React components reach it through `<Provider store>`;
 * socket listeners and other non-React code read and write it directly.
 */
export const appStore = createStore();
