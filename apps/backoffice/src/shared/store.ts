/** The one jotai store of the back office (UI state only): React reads it through <Provider>, loaders directly. */
import { createStore } from 'jotai';

export const appStore = createStore();
