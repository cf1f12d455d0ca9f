/**
 * The one query client of an app, made when a screen first needs it: its code (TanStack Query's
 * core) stays out of a first load that asks the server nothing, such as the portal's /login. The
 * composition root defers it once, hands it to the router (loaders reach it through their
 * `context`) and to React ({@link QueryClientHost}), whose provider stays the same element before and
 * after the client exists, so nothing below it mounts again.
 */
import type { QueryClient, QueryClientConfig } from '@tanstack/react-query';
import { QueryClientContext } from '@tanstack/react-query';
import {
  createElement,
  createContext as createReactContext,
  type ReactNode,
  useContext,
  useEffect,
  useSyncExternalStore,
} from 'react';
import { createContext, RouterContextProvider } from 'react-router';

/** A query client made on first use; `load` makes it once and every later call shares it. */
export interface DeferredQueryClient {
  /** The client, its module loaded and the client made on the first call. */
  load(): Promise<QueryClient>;
  /** The client if it has been made, else `undefined`. */
  current(): QueryClient | undefined;
  /** Runs `listener` once the client is made. Returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

/**
 * Defers an app's query client ({@link createQueryClient}'s defaults, `config` over them): call it
 * once, in the composition root.
 * @example
 * const queryClient = deferQueryClient();
 * const router = createBrowserRouter(routes, { getContext: queryRouterContext(queryClient) });
 */
export function deferQueryClient(config?: QueryClientConfig): DeferredQueryClient {
  let client: QueryClient | undefined;
  let loading: Promise<QueryClient> | undefined;
  const listeners = new Set<() => void>();
  return {
    load() {
      loading ??= import('./create-query-client.ts').then(
        ({ createQueryClient }) => {
          client ??= createQueryClient(config);
          for (const listener of listeners) listener();
          return client;
        },
        (error: unknown) => {
          // A chunk that failed to arrive (offline, a new deployment) is fetched again next time.
          loading = undefined;
          throw error;
        },
      );
      return loading;
    },
    current: () => client,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

/** The router's context entry that holds the app's deferred query client. */
export const queryClientContext = createContext<DeferredQueryClient>();

/**
 * The router's `getContext`: every loader and action gets the app's query client in its `context`
 * (read it with {@link queryClientOf}).
 */
export function queryRouterContext(client: DeferredQueryClient): () => RouterContextProvider {
  return () => {
    const context = new RouterContextProvider();
    context.set(queryClientContext, client);
    return context;
  };
}

/**
 * The query client in a loader or action, made if no screen has needed it yet.
 * @example
 * export async function loader({ context, params }: LoaderFunctionArgs) {
 *   const queryClient = await queryClientOf(context);
 *   return queryClient.ensureQueryData(orderQuery(clientId, Number(params.id)));
 * }
 */
export function queryClientOf(context: Readonly<RouterContextProvider>): Promise<QueryClient> {
  return context.get(queryClientContext).load();
}

/** Props of {@link QueryClientHost}. */
export interface QueryClientHostProps {
  client: DeferredQueryClient;
  children?: ReactNode;
}

/**
 * TanStack Query's provider for a deferred client: no client until a loader has made it, then the
 * client (mounted, as `QueryClientProvider` mounts it), without remounting what it wraps. A screen
 * that reads queries has a loader, so its client exists before it renders.
 */
export function QueryClientHost({ client, children }: QueryClientHostProps) {
  const current = useSyncExternalStore(client.subscribe, client.current, client.current);
  useEffect(() => {
    if (current === undefined) return;
    current.mount();
    return () => current.unmount();
  }, [current]);
  return createElement(
    DeferredClient.Provider,
    { value: client },
    createElement(QueryClientContext.Provider, { value: current }, children),
  );
}

const DeferredClient = createReactContext<DeferredQueryClient | undefined>(undefined);

/**
 * The query client for a part of the page that reads the server without a loader of its own (the
 * header's cart above an error page, say): the client if it exists, else `undefined` while this
 * hook has it made, and then the client.
 */
export function useQueryClientMade(): QueryClient | undefined {
  const deferred = useContext(DeferredClient);
  const current = useContext(QueryClientContext);
  useEffect(() => {
    if (current === undefined && deferred !== undefined) void deferred.load().catch(() => undefined);
  }, [current, deferred]);
  return current;
}
