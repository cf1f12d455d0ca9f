import type { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferQueryClient, QueryClientHost, useQueryClientMade } from './deferred-query-client.ts';

function ClientState({ seen }: { seen: (QueryClient | undefined)[] }) {
  const client = useQueryClientMade();
  seen.push(client);
  return <p>{client === undefined ? 'sin cliente' : 'con cliente'}</p>;
}

describe('useQueryClientMade', () => {
  it('has the client made when no loader has, and renders with it once made', async () => {
    const deferred = deferQueryClient();
    const seen: (QueryClient | undefined)[] = [];
    render(
      <QueryClientHost client={deferred}>
        <ClientState seen={seen} />
      </QueryClientHost>,
    );
    expect(seen[0]).toBeUndefined();
    await screen.findByText('con cliente');
    expect(seen.at(-1)).toBe(deferred.current());
  });

  it('gives the client a loader made at once, without asking for another', async () => {
    const deferred = deferQueryClient();
    const made = await deferred.load();
    const seen: (QueryClient | undefined)[] = [];
    render(
      <QueryClientHost client={deferred}>
        <ClientState seen={seen} />
      </QueryClientHost>,
    );
    expect(screen.getByText('con cliente')).toBeTruthy();
    expect(seen.every((client) => client === made)).toBe(true);
  });
});
