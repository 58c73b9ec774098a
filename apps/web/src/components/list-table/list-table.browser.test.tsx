// The list table in a real browser over the real server: a page of the demo leads through the typed list
// query, sorted by the header the user clicks (the server sorts), with skeleton rows only until it loads.
import { Checkbox, Table } from '@mantine/core';
import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderInApp, signInAs } from '../../../test/render.tsx';
import { useLeadList } from '../../features/leads/api/lead-list.ts';
import { answer, server } from '../../lib/api-client.ts';
import { type ListColumn, type ListSort, ListTable } from './list-table.tsx';
import { SelectAllCheckbox } from './select-all-checkbox.tsx';

const COLUMNS: ListColumn[] = [
  { key: 'name', label: 'Name', sortField: 'firstName' },
  { key: 'created', label: 'Created', sortField: 'createdAt', width: 140 },
];

function Leads() {
  const [sort, setSort] = useState<ListSort>({ field: 'createdAt', direction: 'desc' });
  const list = useLeadList({ pageSize: 10, sort: `${sort.field}:${sort.direction}` });
  return (
    <ListTable
      columns={COLUMNS}
      sort={sort}
      onSort={(field) =>
        setSort((s) => ({ field, direction: s.field === field && s.direction === 'asc' ? 'desc' : 'asc' }))
      }
      loading={list.isPending}
    >
      {(list.data?.items ?? []).map((lead) => (
        <Table.Tr key={lead.id} data-testid="lead-row">
          <Table.Td data-testid="lead-name">{lead.firstName}</Table.Td>
          <Table.Td>{lead.createdAt}</Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
}

/** The same page with rows to choose: each row its own checkbox, the header's chooses them all. */
function ChoosableLeads() {
  const list = useLeadList({ pageSize: 10, sort: 'createdAt:desc' });
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const items = list.data?.items ?? [];
  const toggle = (id: string) =>
    setChosen((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  return (
    <>
      <ListTable
        columns={COLUMNS}
        loading={list.isPending}
        selection={
          <SelectAllCheckbox
            label="Select all leads"
            all={items.length > 0 && items.every((l) => chosen.has(l.id))}
            some={items.some((l) => chosen.has(l.id))}
            onToggleAll={(all) => setChosen(all ? new Set(items.map((l) => l.id)) : new Set())}
          />
        }
      >
        {items.map((lead) => (
          <Table.Tr key={lead.id} data-testid="lead-row">
            <Table.Td>
              <Checkbox
                aria-label={`Select ${lead.firstName}`}
                checked={chosen.has(lead.id)}
                onChange={() => toggle(lead.id)}
              />
            </Table.Td>
            <Table.Td>{lead.firstName}</Table.Td>
            <Table.Td>{lead.createdAt}</Table.Td>
          </Table.Tr>
        ))}
      </ListTable>
      <output aria-label="Chosen">{chosen.size}</output>
    </>
  );
}

/** How the header cell of the column whose sort button is `name` says the list is sorted. */
const sortOf = (screen: Awaited<ReturnType<typeof renderInApp>>, name: string) => () =>
  screen.getByRole('button', { name }).element().closest('th')?.getAttribute('aria-sort');

/** The first names of the server's first page in that order, read through the same typed client. */
const firstNames = async (sort: string) =>
  (await answer(server.GET('/api/leads', { params: { query: { pageSize: 10, sort } } }))).items.map((l) => l.firstName);

describe('ListTable over the leads list', () => {
  beforeAll(() => signInAs('administrator'));

  it('shows the server’s first page, then its order for the header clicked, ascending then descending', async () => {
    const screen = await renderInApp(<Leads />);
    const names = screen.getByTestId('lead-name');
    const shown = () => names.all().map((cell) => cell.element().textContent);
    const newest = await firstNames('createdAt:desc');
    expect(newest.length).toBeGreaterThan(1);
    await expect.poll(shown).toEqual(newest);
    await expect.poll(sortOf(screen, 'Created')).toBe('descending');

    await screen.getByRole('button', { name: 'Name' }).click();
    await expect.poll(sortOf(screen, 'Name')).toBe('ascending');
    const ascending = await firstNames('firstName:asc');
    await expect.poll(shown).toEqual(ascending);

    await screen.getByRole('button', { name: 'Name' }).click();
    await expect.poll(sortOf(screen, 'Name')).toBe('descending');
    const descending = await firstNames('firstName:desc');
    await expect.poll(shown).toEqual(descending);
  });

  it('chooses rows one by one, and all or none from the header (marked mixed while some are chosen)', async () => {
    const screen = await renderInApp(<ChoosableLeads />);
    await expect.poll(() => screen.getByTestId('lead-row').all().length).toBeGreaterThan(1);
    const rows = screen.getByTestId('lead-row').all().length;
    const header = screen.getByRole('checkbox', { name: 'Select all leads' });
    await screen
      .getByRole('checkbox', { name: /^Select / })
      .nth(1)
      .click();
    await expect.element(screen.getByLabelText('Chosen')).toHaveTextContent('1');
    await expect.element(header).toHaveAttribute('data-indeterminate', 'true');
    await header.click();
    await expect.element(screen.getByLabelText('Chosen')).toHaveTextContent(String(rows));
    await expect.element(header).toBeChecked();
    await header.click();
    await expect.element(screen.getByLabelText('Chosen')).toHaveTextContent('0');
    await expect.element(header).not.toBeChecked();
  });
});
