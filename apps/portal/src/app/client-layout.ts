/**
 * The logged-in screens' layout module (the client chunk: header, session, cart), loaded by the
 * router for the client routes and by the error pages for a logged-in pharmacist. Once loaded it is
 * kept here, so an error page reached from a logged-in screen renders its header at once.
 */
type ClientLayoutModule = typeof import('./layouts/default-layout.tsx');

let loaded: ClientLayoutModule | undefined;

/** Loads the client layout's module (once; later calls share it). */
export async function loadClientLayout(): Promise<ClientLayoutModule> {
  loaded ??= await import('./layouts/default-layout.tsx');
  return loaded;
}

/** The client layout's module if it has loaded, else `undefined`. */
export function loadedClientLayout(): ClientLayoutModule | undefined {
  return loaded;
}
