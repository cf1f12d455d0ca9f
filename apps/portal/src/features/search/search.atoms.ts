import { atom } from 'jotai';

/** The spec's 'search overlay open' flag. */
export const searchOverlayOpenAtom = atom(false);
