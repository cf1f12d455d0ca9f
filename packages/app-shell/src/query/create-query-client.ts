import { isApiError } from '@botica/api-client';
import { QueryClient, type QueryClientConfig } from '@tanstack/react-query';

/**
 * How long data read from the server counts as fresh: a screen visited again within it shows what
 * the cache holds without asking again (a change the pharmacist makes invalidates what it touches).
 */
export const STALE_AFTER_MS = 30_000;

/** Whether the browser says it is offline (never, outside a browser). */
function isOffline(): boolean {
  return (globalThis as { navigator?: { onLine?: boolean } }).navigator?.onLine === false;
}

/**
 * Whether a failed query is tried once more: only when no answer came at all (a dropped connection)
 * while the browser is online, and only once. An answer — a 401, 403, 404, 409, 422 or a 5xx — is the
 * server's word, which the screen shows at once; a timeout has already waited the client's full
 * time; offline, the screen says so at once.
 */
export function retryWithoutAnswer(failureCount: number, error: unknown): boolean {
  return failureCount < 1 && isApiError(error) && error.status === 'network' && !isOffline();
}

/**
 * The portal's query client: data fresh for {@link STALE_AFTER_MS}, a query retried only when no
 * answer came ({@link retryWithoutAnswer}), a mutation never (a resent order is a second order), no
 * refetch when the window regains focus (a screen that wants it turns it on). Every call is made
 * even offline (`networkMode: 'always'`): the API client's failure is what the screens explain, where
 * TanStack's default would hold the call, and the screen, until the connection returns. `config`
 * overrides.
 */
export function createQueryClient(config: QueryClientConfig = {}): QueryClient {
  return new QueryClient({
    ...config,
    defaultOptions: {
      ...config.defaultOptions,
      queries: {
        staleTime: STALE_AFTER_MS,
        retry: retryWithoutAnswer,
        refetchOnWindowFocus: false,
        networkMode: 'always',
        ...config.defaultOptions?.queries,
      },
      mutations: { retry: false, networkMode: 'always', ...config.defaultOptions?.mutations },
    },
  });
}
