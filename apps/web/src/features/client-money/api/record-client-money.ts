// GET /api/leads/:id/client-money and /api/clients/:id/client-money: the record's ledgers, one per currency,
// each with its balance, version and newest entries. Asked only by roles with finance:view.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, server } from '../../../lib/api-client.ts';
import { type ClientMoneyOwner, clientMoneyKeys } from './client-money-keys.ts';

export const recordClientMoneyQueryOptions = (owner: ClientMoneyOwner) =>
  queryOptions({
    queryKey: clientMoneyKeys.ofRecord(owner),
    queryFn: ({ signal }) => {
      const params = { path: { id: owner.id } };
      return owner.type === 'lead'
        ? answer(server.GET('/api/leads/{id}/client-money', { params, signal }))
        : answer(server.GET('/api/clients/{id}/client-money', { params, signal }));
    },
    // The record's change events refresh it sooner.
    staleTime: 60_000,
  });

export const useRecordClientMoney = (owner: ClientMoneyOwner, enabled = true) =>
  useQuery({ ...recordClientMoneyQueryOptions(owner), enabled });
