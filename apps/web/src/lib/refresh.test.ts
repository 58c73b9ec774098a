import { QueryClient } from '@tanstack/react-query';
import type { ChangeResource } from '@crm/domain';
import { describe, expect, it } from 'vitest';
import { refreshFor } from './refresh.ts';

/** A cache holding one fresh query under each key, and which of them a refresh marked stale. */
async function staleAfter(resource: ChangeResource, keys: readonly (readonly string[])[]) {
  const queryClient = new QueryClient();
  for (const key of keys) queryClient.setQueryData([...key, 'page'], { seen: true });
  await refreshFor(queryClient, resource);
  return keys.filter((key) => queryClient.getQueryState([...key, 'page'])?.isInvalidated).map((key) => key.join('/'));
}

const SCREENS = [['lead'], ['client'], ['contact'], ['record'], ['dashboard'], ['users'], ['invoice', 'refunds']];

describe('refreshFor', () => {
  it('refreshes the same record family whether a lead or a client changed', async () => {
    const family = ['lead', 'client', 'contact', 'record', 'dashboard', 'invoice/refunds'];
    expect(await staleAfter('lead', SCREENS)).toEqual(family);
    expect(await staleAfter('client', SCREENS)).toEqual(family);
  });

  it('refreshes only what depends on a resource outside the family', async () => {
    expect(await staleAfter('user', SCREENS)).toEqual(['users']);
  });

  it('refreshes everything after a restored backup', async () => {
    expect(await staleAfter('database', SCREENS)).toHaveLength(SCREENS.length);
  });
});
