import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, type LoaderFunctionArgs } from 'react-router';
import { describe, expect, it } from 'vitest';
import { deferQueryClient, queryClientOf, queryRouterContext } from './deferred-query-client.ts';

describe('deferQueryClient', () => {
  it('makes no client until one is asked for, then one client for every caller', async () => {
    const deferred = deferQueryClient();
    let told = 0;
    deferred.subscribe(() => {
      told += 1;
    });
    expect(deferred.current()).toBeUndefined();

    const [first, second] = await Promise.all([deferred.load(), deferred.load()]);
    expect(first).toBeInstanceOf(QueryClient);
    expect(second).toBe(first);
    expect(await deferred.load()).toBe(first);
    expect(deferred.current()).toBe(first);
    expect(told).toBe(1);
  });

  it('makes the client with the config it was given over the defaults', async () => {
    const client = await deferQueryClient({ defaultOptions: { queries: { staleTime: 1 } } }).load();
    expect(client.getDefaultOptions().queries?.staleTime).toBe(1);
    expect(client.getDefaultOptions().queries?.refetchOnWindowFocus).toBe(false);
  });
});

describe('queryRouterContext', () => {
  it("gives every loader the app's one client, which keeps what a loader put in it", async () => {
    const deferred = deferQueryClient();
    const seen: QueryClient[] = [];
    const loader = async ({ context, params }: LoaderFunctionArgs) => {
      const queryClient = await queryClientOf(context);
      seen.push(queryClient);
      return queryClient.ensureQueryData({
        queryKey: ['page', params.id],
        queryFn: () => Promise.resolve(`page ${params.id}`),
      });
    };
    const router = createMemoryRouter([{ path: '/pages/:id', loader }], {
      initialEntries: ['/pages/1'],
      getContext: queryRouterContext(deferred),
    });
    await new Promise<void>((resolve) => {
      if (router.state.initialized) resolve();
      router.subscribe((state) => state.initialized && resolve());
    });
    await router.navigate('/pages/2');

    expect(router.state.loaderData).toEqual({ 0: 'page 2' });
    expect(seen).toHaveLength(2);
    expect(seen[1]).toBe(seen[0]);
    expect(seen[0]?.getQueryData(['page', '1'])).toBe('page 1');
    router.dispose();
  });
});
