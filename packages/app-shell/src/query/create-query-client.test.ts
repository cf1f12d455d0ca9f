import { ApiError } from '@botica/api-client';
import { describe, expect, it } from 'vitest';
import { createQueryClient, retryWithoutAnswer, STALE_AFTER_MS } from './create-query-client.ts';

const answered = (status: number) => new ApiError({ status, kind: 'http', message: `HTTP ${status}` });
const unanswered = (status: 'network' | 'timeout') => new ApiError({ status, kind: status, message: status });

describe('retryWithoutAnswer', () => {
  it('never retries an answer of the server: it is shown as it came', () => {
    for (const status of [401, 403, 404, 406, 409, 419, 422, 429, 500, 503]) {
      expect(retryWithoutAnswer(0, answered(status)), String(status)).toBe(false);
    }
  });

  it('retries once a call that got no answer, never one that timed out', () => {
    expect(retryWithoutAnswer(0, unanswered('network'))).toBe(true);
    expect(retryWithoutAnswer(1, unanswered('network'))).toBe(false);
    expect(retryWithoutAnswer(0, unanswered('timeout'))).toBe(false);
    expect(retryWithoutAnswer(0, new TypeError('a bug'))).toBe(false);
  });
});

describe('createQueryClient', () => {
  it('fails a query on its first 404, without a second call', async () => {
    const queryClient = createQueryClient();
    let calls = 0;
    await expect(
      queryClient.fetchQuery({
        queryKey: ['missing'],
        queryFn: () => {
          calls += 1;
          return Promise.reject(answered(404));
        },
        retryDelay: 0,
      }),
    ).rejects.toMatchObject({ status: 404 });
    expect(calls).toBe(1);
  });

  it('asks again after a dropped connection, once', async () => {
    const queryClient = createQueryClient({ defaultOptions: { queries: { retryDelay: 0 } } });
    let calls = 0;
    const data = await queryClient.fetchQuery({
      queryKey: ['flaky'],
      queryFn: () => {
        calls += 1;
        return calls === 1 ? Promise.reject(unanswered('network')) : Promise.resolve('ok');
      },
    });
    expect([data, calls]).toEqual(['ok', 2]);
  });

  it('never retries a mutation, and keeps the defaults it is not given', async () => {
    const queryClient = createQueryClient({ defaultOptions: { queries: { staleTime: 5 } } });
    expect(queryClient.getDefaultOptions().queries).toMatchObject({
      staleTime: 5,
      refetchOnWindowFocus: false,
      retry: retryWithoutAnswer,
    });
    expect(queryClient.getDefaultOptions().mutations?.retry).toBe(false);
    expect(createQueryClient().getDefaultOptions().queries?.staleTime).toBe(STALE_AFTER_MS);
  });
});
