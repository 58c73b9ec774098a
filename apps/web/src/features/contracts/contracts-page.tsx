// /contracts: Contract Manager (issue 16 item 1). Tabs Contracts and Templates; the contracts list with search,
// a status filter and keyset pages, New Contract, and a contract's panel. Loads only when /contracts opens.
import { Button, Card, EmptyState, Group, SegmentedControl, Tabs } from '@mantine/core';
import { IconFileCertificate, IconPlus, IconTemplate } from '@tabler/icons-react';
import { useState } from 'react';
import { CONTRACT_MESSAGES, CONTRACT_STATUS_LABELS, CONTRACT_STATUSES, type ContractStatus } from '@crm/domain';
import { ListTable } from '../../components/list-table/list-table.tsx';
import { ListToolbar, ListUpdating } from '../../components/list-toolbar.tsx';
import { PagedListBody } from '../../components/paged-list-body.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { SearchBox } from '../../components/search-box.tsx';
import { useAuthorization } from '../../lib/authorization.ts';
import { pageName, useDocumentTitle } from '../../lib/use-document-title.ts';
import { useListPaging } from '../../lib/use-list-paging.ts';
import { useContracts } from './api/contracts.ts';
import { ContractPanel, NewContractDialog } from './components/contract-dialogs.tsx';
import { ContractRow, type ContractColumn } from './components/contract-row.tsx';
import { TemplatesTab } from './components/templates-tab.tsx';

const COLUMNS: readonly ContractColumn[] = [
  { key: 'reference', label: 'Reference', width: 140, minListWidth: 480 },
  { key: 'title', label: 'Title' },
  { key: 'client', label: 'Client or lead', minListWidth: 620 },
  { key: 'status', label: 'Status', width: 120 },
  { key: 'effective', label: 'Effective', width: 130, minListWidth: 900 },
  { key: 'expiry', label: 'Expiry', width: 130, minListWidth: 760 },
];

export function ContractsPage() {
  useDocumentTitle(pageName('/contracts'));
  const [tab, setTab] = useState<string | null>('contracts');
  return (
    <>
      <PageHeader title="Contract Manager" subtitle="Client agreements, from draft to signed" />
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="contracts" leftSection={<IconFileCertificate size={16} />}>
            Contracts
          </Tabs.Tab>
          <Tabs.Tab value="templates" leftSection={<IconTemplate size={16} />}>
            Templates
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="contracts">
          <ContractsList />
        </Tabs.Panel>
        <Tabs.Panel value="templates">
          <TemplatesTab />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}

function ContractsList() {
  const { can } = useAuthorization();
  const [search, setSearch] = useState<string | undefined>(undefined);
  const [status, setStatus] = useState<ContractStatus | 'all'>('all');
  const paging = useListPaging();
  const [creating, setCreating] = useState(false);
  const [open, setOpen] = useState<string | null>(null);
  const list = useContracts({
    search,
    status: status === 'all' ? undefined : status,
    ...paging.params,
  });
  const page = list.data;
  const items = page?.items ?? [];
  return (
    <Card withBorder padding={0} radius="md">
      <ListToolbar>
        <Group gap="sm" style={{ flex: '1 1 320px' }} wrap="nowrap">
          <SearchBox
            label="Search contracts"
            placeholder={CONTRACT_MESSAGES.searchPlaceholder}
            onSearch={(value) => {
              setSearch(value);
              paging.restart();
            }}
          />
          <ListUpdating list={list} />
        </Group>
        {can('contracts:create') ? (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
            New Contract
          </Button>
        ) : null}
      </ListToolbar>
      <Group p="sm" pb={0}>
        <SegmentedControl
          aria-label="Status"
          size="xs"
          value={status}
          onChange={(value) => {
            setStatus(value as ContractStatus | 'all');
            paging.restart();
          }}
          data={[
            { value: 'all', label: 'All' },
            ...CONTRACT_STATUSES.map((s) => ({ value: s, label: CONTRACT_STATUS_LABELS[s] })),
          ]}
        />
      </Group>
      <PagedListBody
        list={list}
        errorTitle="Error loading contracts:"
        empty={
          <EmptyState
            py={48}
            icon={<IconFileCertificate size={28} />}
            title={CONTRACT_MESSAGES.empty}
            description={
              search || status !== 'all'
                ? 'No contracts match your search or filter.'
                : 'Draft a contract to get started.'
            }
          />
        }
        {...paging}
      >
        <ListTable label="Contracts" columns={COLUMNS} horizontalSpacing="sm" loading={list.isPending}>
          {items.map((c) => (
            <ContractRow key={c.id} onOpen={() => setOpen(c.id)} contract={c} columns={COLUMNS} />
          ))}
        </ListTable>
      </PagedListBody>
      <NewContractDialog
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(contract) => {
          setCreating(false);
          setOpen(contract.id);
        }}
      />
      <ContractPanel id={open} onClose={() => setOpen(null)} />
    </Card>
  );
}
