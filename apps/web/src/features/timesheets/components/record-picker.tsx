// The Add time dialog's search over the leads and clients the user may see.
import { Select } from '@mantine/core';
import { useState } from 'react';
import { fullNameOf } from '@crm/domain';
import { useRecordSearch } from '../../../lib/record-search.ts';

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
  const found = useRecordSearch(search === value?.label ? '' : search, { pageSize: 50 });
  const groups = [
    { group: 'Clients', type: 'client' as const, items: found.clients },
    { group: 'Leads', type: 'lead' as const, items: found.leads },
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
      nothingFoundMessage={found.searching ? 'Searching...' : 'No clients or leads found'}
      onChange={(id) => onPick(id ? (records.get(id) ?? null) : null)}
      error={error}
    />
  );
}
