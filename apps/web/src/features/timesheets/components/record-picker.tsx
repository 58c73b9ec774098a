// The Add time dialog's search over the leads and clients the user may see.
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { fullNameOf } from '@crm/domain';
import { answer, server } from '../../../lib/api-client.ts';
import { listQuery } from '../../../lib/list-query.ts';

export type PickedRecord = { type: 'lead' | 'client'; id: string; label: string };

export function RecordPicker({
  value,
  onPick,
  error,
}: {
  value: PickedRecord | null;
  onPick: (r: PickedRecord | null) => void;
  error?: string | undefined;
}) {
  const [search, setSearch] = useState('');
  // Once a record is picked the box shows its label: that is no search to send.
  const [term] = useDebouncedValue(search === value?.label ? '' : search, 300);
  const query = listQuery({ pageSize: 50, search: term });
  const clients = useQuery({
    queryKey: ['client', 'picker', term],
    queryFn: ({ signal }) => answer(server.GET('/api/clients', { params: { query }, signal })),
    staleTime: 30_000,
  });
  const leads = useQuery({
    queryKey: ['lead', 'picker', term],
    queryFn: ({ signal }) => answer(server.GET('/api/leads', { params: { query }, signal })),
    staleTime: 30_000,
  });
  const groups = [
    { group: 'Clients', type: 'client' as const, items: clients.data?.items ?? [] },
    { group: 'Leads', type: 'lead' as const, items: leads.data?.items ?? [] },
  ];
  const records = new Map<string, PickedRecord>();
  const data = groups
    .map((g) => {
      const items = g.items.map((r) => {
        const record = { type: g.type, id: r.id, label: `${fullNameOf(r)} · ${r.email}` };
        records.set(r.id, record);
        return { value: r.id, label: record.label };
      });
      // A record picked through one of its tasks may be outside this page of results: it stays listed and named.
      if (value?.type === g.type && !records.has(value.id)) {
        records.set(value.id, value);
        items.unshift({ value: value.id, label: value.label });
      }
      return { group: g.group, items };
    })
    .filter((g) => g.items.length > 0);
  return (
    <Select
      label="Lead or client"
      placeholder="Search by name or email"
      required
      searchable
      clearable
      data={data}
      value={value?.id ?? null}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      nothingFoundMessage={clients.isFetching || leads.isFetching ? 'Searching...' : 'No clients or leads found'}
      onChange={(id) => onPick(id ? (records.get(id) ?? null) : null)}
      error={error}
    />
  );
}
