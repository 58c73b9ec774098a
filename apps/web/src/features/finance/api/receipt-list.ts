// GET /api/receipts: one keyset page of the saved receipts, newest first unless sorted, searched by receipt
// or invoice number or client.
import { useQuery } from '@tanstack/react-query';
import type { ReceiptRow } from '@crm/domain';
import { type MoneyListParams, moneyListQueryOptions } from './money-documents-cache.ts';

export const useReceiptList = (params: MoneyListParams) =>
  useQuery(moneyListQueryOptions<ReceiptRow>('receipts', params));
