// GET /api/receipts: one keyset page of the saved receipts, newest first unless sorted, searched by receipt
// or invoice number or client.
import { useQuery } from '@tanstack/react-query';
import { answer, server } from '../../../lib/api-client.ts';
import { listQuery } from '../../../lib/list-query.ts';
import { type MoneyListParams, moneyListQueryOptions } from './money-documents-cache.ts';

export const useReceiptList = (params: MoneyListParams) =>
  useQuery(
    moneyListQueryOptions('receipts', params, (signal) =>
      answer(server.GET('/api/receipts', { params: { query: listQuery(params) }, signal })),
    ),
  );
