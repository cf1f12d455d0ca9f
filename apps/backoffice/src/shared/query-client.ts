/** The back office's one server-state cache, shared by the loaders (through their context), React and the session. */
import { deferQueryClient } from '@botica/app-shell';

export const queryClient = deferQueryClient();
