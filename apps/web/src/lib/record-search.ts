// The search the record pickers run (a new contract's client, an invoice's client, a timesheet entry's lead
// or client): the first page of the clients and the leads the user may see that match the typed words, read
// 300 ms after the typing stops (a blank search is left out), and the options grouped Clients then Leads.
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { answer, server } from './api-client.ts';
import { listQuery } from './list-query.ts';

export function useRecordSearch(search: string, { pageSize, leads = true }: { pageSize: number; leads?: boolean }) {
  const [term] = useDebouncedValue(search, 300);
  const query = listQuery({ pageSize, search: term });
  const clientPage = useQuery({
    queryKey: ['client', 'picker', term],
    queryFn: ({ signal }) => answer(server.GET('/api/clients', { params: { query }, signal })),
    staleTime: 30_000,
  });
  const leadPage = useQuery({
    queryKey: ['lead', 'picker', term],
    queryFn: ({ signal }) => answer(server.GET('/api/leads', { params: { query }, signal })),
    staleTime: 30_000,
    enabled: leads,
  });
  return {
    clients: clientPage.data?.items ?? [],
    leads: leadPage.data?.items ?? [],
    searching: clientPage.isFetching || leadPage.isFetching,
  };
}

type FoundRecord = { type: 'lead' | 'client'; id: string; name: string; email: string };

/** A Select's options: 'Ann Lee · ann@example.com' under Clients, then under Leads; an empty group left out. */
export const recordOptions = (records: readonly FoundRecord[]) =>
  (['client', 'lead'] as const)
    .map((type) => ({
      group: type === 'client' ? 'Clients' : 'Leads',
      items: records.filter((r) => r.type === type).map((r) => ({ value: r.id, label: `${r.name} · ${r.email}` })),
    }))
    .filter((g) => g.items.length > 0);
