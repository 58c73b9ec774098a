// A lead's or client's contracts (issue 16: "the contracts of a record listed on its panel"): those drawn up
// for it and, for a client, those naming it as an additional client; New Contract with the record filled in;
// a row opens the same contract window as the Contract Manager.
import { Button, EmptyState, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconFileCertificate, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { CONTRACT_MESSAGES } from '@crm/domain';
import { ListTable } from '../../../components/list-table/list-table.tsx';
import { ListLoadError } from '../../../components/list-load-error.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { ReadOnlyNotice } from '../../../components/record-section.tsx';
import { useAuthorization } from '../../../lib/authorization.ts';
import { useRecordContracts } from '../api/contracts.ts';
import { ContractPanel, NewContractDialog } from './contract-dialogs.tsx';
import { ContractRow, type ContractColumn } from './contract-row.tsx';
import type { PickedRecord } from './record-picker.tsx';

// As the panel narrows, Effective folds under the title first, then Expiry, then Signed (whether the client has
// signed matters most here), and the Reference last.
const COLUMNS: readonly ContractColumn[] = [
  { key: 'reference', label: 'Reference', width: 140, minListWidth: 480 },
  { key: 'title', label: 'Title' },
  { key: 'status', label: 'Status', width: 120 },
  { key: 'effective', label: 'Effective', width: 120, minListWidth: 820 },
  { key: 'expiry', label: 'Expiry', width: 120, minListWidth: 700 },
  { key: 'signed', label: 'Signed', width: 120, minListWidth: 600 },
];

export type RecordContractsPanelProps = {
  owner: PickedRecord;
  /** Why no contract may be drawn up here (a converted lead, a reverted client), or null. */
  readOnlyReason: string | null;
};

export function RecordContractsPanel({ owner, readOnlyReason }: RecordContractsPanelProps) {
  const { can, role } = useAuthorization();
  const contracts = useRecordContracts(owner.type, owner.id);
  const [creating, setCreating] = useState(false);
  const [open, setOpen] = useState<string | null>(null);
  const items = contracts.data ?? [];
  const mayCreate = can('contracts:create') && readOnlyReason === null;
  const updating = contracts.isFetching && !contracts.isPending;

  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap="sm" wrap="nowrap">
          <Title order={3} size="h4">
            Contracts
          </Title>
          {updating ? <Loader size={14} role="status" aria-label="Updating" /> : null}
        </Group>
        {mayCreate ? (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
            New Contract
          </Button>
        ) : null}
      </Group>
      {readOnlyReason && can('contracts:create') ? <ReadOnlyNotice>{readOnlyReason}</ReadOnlyNotice> : null}
      {contracts.isPending ? (
        <PageLoader label="Loading contracts..." />
      ) : contracts.isError ? (
        <ListLoadError
          error={contracts.error}
          title="Error loading contracts:"
          role={role}
          onRetry={() => void contracts.refetch()}
          m={0}
        />
      ) : items.length === 0 ? (
        <EmptyState
          py={40}
          icon={<IconFileCertificate size={28} />}
          title={CONTRACT_MESSAGES.empty}
          description={mayCreate ? `Draft one for ${owner.name} with New Contract.` : undefined}
        />
      ) : (
        <ListTable label={`Contracts of ${owner.name}`} columns={COLUMNS} loading={false}>
          {items.map((c) => (
            <ContractRow
              key={c.id}
              onOpen={() => setOpen(c.id)}
              contract={c}
              columns={COLUMNS}
              note={
                c.record && c.record.id !== owner.id ? (
                  <Text size="xs" c="dimmed">
                    Drawn up for {c.clientName}
                  </Text>
                ) : null
              }
            />
          ))}
        </ListTable>
      )}
      <NewContractDialog
        opened={creating}
        forRecord={owner}
        onClose={() => setCreating(false)}
        onCreated={(contract) => {
          setCreating(false);
          setOpen(contract.id);
        }}
      />
      <ContractPanel id={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}
