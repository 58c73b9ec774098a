// POST /api/leads/:id/client-money or /api/clients/:id/client-money: money received to hold for the client,
// with the version of its ledger in that currency as last read (0 when it holds none yet; 409 when stale).
import type { QueryClient } from '@tanstack/react-query';
import type { ClientMoney, ClientMoneyInput } from '@crm/domain';
import { useWrite } from '../../../lib/use-write.ts';
import { answer, server } from '../../../lib/api-client.ts';
import { type ClientMoneyOwner, clientMoneyKeys } from './client-money-keys.ts';

/** The ledgers as the server answered, at once; then the record's money and what depends on it read again. */
export function showSavedClientMoney(queryClient: QueryClient, owner: ClientMoneyOwner, saved: ClientMoney) {
  queryClient.setQueryData(clientMoneyKeys.ofRecord(owner), saved);
  void queryClient.invalidateQueries({ queryKey: clientMoneyKeys.ofRecord(owner), exact: true });
  // An invoice of the record offers the client credit it holds ('Apply client credit').
  void queryClient.invalidateQueries({ queryKey: ['invoice'] });
}

export function useReceiveClientMoney(owner: ClientMoneyOwner) {
  return useWrite(
    owner.type,
    (input: ClientMoneyInput) => {
      const params = { path: { id: owner.id } };
      return owner.type === 'lead'
        ? answer(server.POST('/api/leads/{id}/client-money', { params, body: input }))
        : answer(server.POST('/api/clients/{id}/client-money', { params, body: input }));
    },
    {
      show: (queryClient, saved) => showSavedClientMoney(queryClient, owner, saved),
    },
  );
}
