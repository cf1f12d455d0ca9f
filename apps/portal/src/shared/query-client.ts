/**
 * The portal's one server-state cache, shared by the router's loaders (through their context), React
 * and the session (the user is one of its entries). Made by the first loader or session check that
 * needs it, so /login, which asks the server nothing, does not load TanStack Query's core.
 */
import { deferQueryClient } from '@botica/app-shell';

export const queryClient = deferQueryClient();
