// POST /api/client-ledgers/:id/refund: client money paid back out of one ledger, never more than it holds,
// with the ledger's version as last read (409 when stale). Finance's refunds list shows it too.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LedgerRefundInput } from '@crm/domain';
import { answer, server } from '../../../lib/api-client.ts';
import type { ClientMoneyOwner } from './client-money-keys.ts';
import { showSavedClientMoney } from './receive-client-money.ts';

export type RefundClientMoneyVariables = { ledgerId: string; input: LedgerRefundInput };

export function useRefundClientMoney(owner: ClientMoneyOwner) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ledgerId, input }: RefundClientMoneyVariables) =>
      answer(server.POST('/api/client-ledgers/{id}/refund', { params: { path: { id: ledgerId } }, body: input })),
    onSuccess: (saved) => showSavedClientMoney(queryClient, owner, saved),
  });
}
