// POST /api/client-ledgers/:id/refund: client money paid back out of one ledger, never more than it holds,
// with the ledger's version as last read (409 when stale). Finance's refunds list shows it too.
import type { LedgerRefundInput } from '@crm/domain';
import { useWrite } from '../../../lib/use-write.ts';
import { answer, server } from '../../../lib/api-client.ts';
import type { ClientMoneyOwner } from './client-money-keys.ts';
import { showSavedClientMoney } from './receive-client-money.ts';

export type RefundClientMoneyVariables = { ledgerId: string; input: LedgerRefundInput };

export function useRefundClientMoney(owner: ClientMoneyOwner) {
  return useWrite(
    owner.type,
    ({ ledgerId, input }: RefundClientMoneyVariables) =>
      answer(server.POST('/api/client-ledgers/{id}/refund', { params: { path: { id: ledgerId } }, body: input })),
    {
      show: (queryClient, saved) => showSavedClientMoney(queryClient, owner, saved),
    },
  );
}
