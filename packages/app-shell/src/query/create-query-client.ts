import { isApiError } from '@botica/api-client';
import { QueryClient, type QueryClientConfig } from '@tanstack/react-query';

/**
 * How long data read from the server counts as fresh: a screen visited again within it shows what
 * the cache holds without asking again (a change the pharmacist makes invalidates what it touches).
 */
export const STALE_AFTER_MS = 30_000;

/**
 * Whether a failed query is tried once more: only when no answer came at all (a dropped connection),
 * and only once. An answer — a 401, 403, 404, 409, 422 or a 5xx — is the server's word, which the
 * screen shows at once; a timeout has already waited the client's full time.
 */
export function retryWithoutAnswer(failureCount: number, error: unknown): boolean {
  return failureCount < 1 && isApiError(error) && error.status === 'network';
}

/**
 * The portal's query client: data fresh for {@link STALE_AFTER_MS}, a query retried only when no
 * answer came ({@link retryWithoutAnswer}), a mutation never (a resent order is a second order), no
 * refetch when the window regains focus (a screen that wants it turns it on). `config` overrides.
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
        ...config.defaultOptions?.queries,
      },
      mutations: { retry: false, ...config.defaultOptions?.mutations },
    },
  });
}
