import { atom } from 'jotai';

/**
 * Number of entries in the cart. Placeholder (always 0) until the cart issue lands; the
 * navigation badge and floating button already read it.
 */
export const cartCountAtom = atom(0);
