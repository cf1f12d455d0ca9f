/** The one jotai store of the portal: React reads it through <Provider>, route loaders directly. */
import { createStore } from 'jotai';

export const appStore = createStore();
