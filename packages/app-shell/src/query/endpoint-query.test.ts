import { portalEndpoints } from '@botica/api-client/endpoints';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { endpointKey, endpointQuery } from './endpoint-query.ts';

const { orders, catalogue, messages } = portalEndpoints;

describe('endpointKey', () => {
  it('names the method, the path as defined, the ids by name and the query', () => {
    expect(endpointKey(orders.list, 7, { page: 2 })).toEqual([
      'GET',
      '/api/v1/clients/{clientId}/orders',
      { clientId: '7' },
      { page: 2 },
    ]);
  });

  it('gives an id from a route (a string) and from the session (a number) one key', () => {
    expect(endpointKey(orders.get, '7', '31')).toEqual(endpointKey(orders.get, 7, 31));
  });

  it('leaves out a query with nothing in it, so an empty query and none name the same data', () => {
    expect(endpointKey(orders.list, 7, {})).toEqual(endpointKey(orders.list, 7));
    expect(endpointKey(orders.list, 7, { page: undefined })).toEqual(endpointKey(orders.list, 7));
    expect(endpointKey(orders.list, 7, { page: 1, date: undefined })).toEqual(
      endpointKey(orders.list, 7, { page: 1 }),
    );
  });

  it('keeps apart two endpoints on one path and two ids of one endpoint', () => {
    expect(endpointKey(messages.list)).not.toEqual(endpointKey(catalogue.categories));
    expect(endpointKey(orders.list, 7)).not.toEqual(endpointKey(orders.list, 8));
  });
});

describe('endpointQuery', () => {
  it('calls the client with the arguments it was given, under their key', async () => {
    const calls: unknown[][] = [];
    const list = async (clientId: number, query?: { page?: number }) => {
      calls.push([clientId, query]);
      return { page: query?.page ?? 1 };
    };
    const options = endpointQuery(orders.list, list)(7, { page: 3 });
    expect(options.queryKey).toEqual(endpointKey(orders.list, 7, { page: 3 }));

    const queryClient = new QueryClient();
    await expect(queryClient.fetchQuery(options)).resolves.toEqual({ page: 3 });
    expect(calls).toEqual([[7, { page: 3 }]]);
    expect(queryClient.getQueryData(options.queryKey)).toEqual({ page: 3 });
  });

  it('lets one invalidation reach every page of an endpoint for an id, and only that id', async () => {
    const list = endpointQuery(orders.list, async (clientId: number, query?: { page?: number }) => ({
      clientId,
      page: query?.page ?? 1,
    }));
    const queryClient = new QueryClient();
    await queryClient.fetchQuery(list(7, { page: 1 }));
    await queryClient.fetchQuery(list(7, { page: 2 }));
    await queryClient.fetchQuery(list(8));

    await queryClient.invalidateQueries({ queryKey: endpointKey(orders.list, 7) }, { cancelRefetch: false });
    const stale = queryClient
      .getQueryCache()
      .findAll()
      .filter((query) => query.isStale())
      .map((query) => query.queryKey);
    expect(stale).toEqual([list(7, { page: 1 }).queryKey, list(7, { page: 2 }).queryKey]);
  });
});
