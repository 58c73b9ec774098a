// GET /api/refunds: one keyset page of the refunds (from invoices by credit notes, and of client money),
// newest first unless sorted, searched by client, invoice or credit note number, or reference.
import { useQuery } from '@tanstack/react-query';
import { answer, server } from '../../../lib/api-client.ts';
import { listQuery } from '../../../lib/list-query.ts';
import { type MoneyListParams, moneyListQueryOptions } from './money-documents-cache.ts';

export const useRefundList = (params: MoneyListParams) =>
  useQuery(
    moneyListQueryOptions('refunds', params, (signal) =>
      answer(server.GET('/api/refunds', { params: { query: listQuery(params) }, signal })),
    ),
  );
