// GET /api/credit-notes: one keyset page of the credit and adjustment notes, newest first unless sorted,
// searched by number, invoice, client or reason.
import { useQuery } from '@tanstack/react-query';
import { answer, server } from '../../../lib/api-client.ts';
import { listQuery } from '../../../lib/list-query.ts';
import { type MoneyListParams, moneyListQueryOptions } from './money-documents-cache.ts';

export const useCreditNoteList = (params: MoneyListParams) =>
  useQuery(
    moneyListQueryOptions('credit-notes', params, (signal) =>
      answer(server.GET('/api/credit-notes', { params: { query: listQuery(params) }, signal })),
    ),
  );
