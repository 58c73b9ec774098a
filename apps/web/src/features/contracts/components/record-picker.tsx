// The lead or client a new contract is for: a search over the records the user may see (clients first).
import { MultiSelect, Select } from '@mantine/core';
import { useState } from 'react';
import { fullNameOf } from '@crm/domain';
import { recordOptions, useRecordSearch } from '../../../lib/record-search.ts';

export type PickedRecord = { type: 'lead' | 'client'; id: string; name: string };

export function RecordPicker({
  value,
  error,
  onPick,
}: {
  value: string | null;
  error?: string;
  onPick: (record: PickedRecord | null) => void;
}) {
  const [search, setSearch] = useState('');
  const found = useRecordSearch(search, { pageSize: 8 });
  const records = [
    ...found.clients.map((c) => ({
      type: 'client' as const,
      id: c.id,
      name: fullNameOf(c),
      email: c.email,
    })),
    ...found.leads.map((l) => ({ type: 'lead' as const, id: l.id, name: fullNameOf(l), email: l.email })),
  ];
  return (
    <Select
      label="Client or lead"
      placeholder="Search by name or email"
      required
      searchable
      clearable
      data={recordOptions(records)}
      value={value}
      error={error}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      nothingFoundMessage={found.searching ? 'Searching...' : 'No clients or leads found'}
      onChange={(id) => {
        const found = records.find((r) => r.id === id);
        onPick(found ? { type: found.type, id: found.id, name: found.name } : null);
      }}
    />
  );
}

/**
 * Further clients a contract names (a family or partners signing together): a search over the clients the
 * user may see. The chosen ones stay listed while another search runs, so their names never go blank.
 */
export function AdditionalClientsPicker({
  value,
  exclude,
  error,
  onChange,
}: {
  value: PickedRecord[];
  /** The contract's own client, which cannot also be an additional one. */
  exclude: string | null;
  error?: string;
  onChange: (clients: PickedRecord[]) => void;
}) {
  const [search, setSearch] = useState('');
  const matches = useRecordSearch(search, { pageSize: 8, leads: false });
  const found = matches.clients.map((c) => ({
    type: 'client' as const,
    id: c.id,
    name: fullNameOf(c),
    label: `${fullNameOf(c)} · ${c.email}`,
  }));
  const options = [
    ...value.map((c) => ({ ...c, label: found.find((f) => f.id === c.id)?.label ?? c.name })),
    ...found.filter((f) => !value.some((c) => c.id === f.id)),
  ].filter((c) => c.id !== exclude);
  return (
    <MultiSelect
      label="Additional clients"
      description="Others the contract names, such as a partner signing with the client"
      placeholder={value.length === 0 ? 'Search clients by name or email' : undefined}
      searchable
      clearable
      maxValues={10}
      data={options.map((c) => ({ value: c.id, label: c.label }))}
      value={value.map((c) => c.id)}
      error={error}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      nothingFoundMessage={matches.searching ? 'Searching...' : 'No clients found'}
      onChange={(ids) =>
        onChange(
          ids.flatMap((id) => {
            const c = options.find((o) => o.id === id);
            return c ? [{ type: 'client' as const, id: c.id, name: c.name }] : [];
          }),
        )
      }
    />
  );
}
