// GET /api/refunds: one keyset page of the refunds (from invoices by credit notes, and of client money),
// newest first unless sorted, searched by client, invoice or credit note number, or reference.
import { useQuery } from '@tanstack/react-query';
import type { RefundRow } from '@crm/domain';
import { type MoneyListParams, moneyListQueryOptions } from './money-documents-cache.ts';

export const useRefundList = (params: MoneyListParams) => useQuery(moneyListQueryOptions<RefundRow>('refunds', params));
