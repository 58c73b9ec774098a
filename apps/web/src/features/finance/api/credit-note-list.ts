// GET /api/credit-notes: one keyset page of the credit and adjustment notes, newest first unless sorted,
// searched by number, invoice, client or reason.
import { useQuery } from '@tanstack/react-query';
import type { CreditNoteRow } from '@crm/domain';
import { type MoneyListParams, moneyListQueryOptions } from './money-documents-cache.ts';

export const useCreditNoteList = (params: MoneyListParams) =>
  useQuery(moneyListQueryOptions<CreditNoteRow>('credit-notes', params));
