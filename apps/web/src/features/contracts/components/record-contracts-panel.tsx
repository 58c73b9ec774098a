// A lead's or client's contracts (issue 16: "the contracts of a record listed on its panel"): those drawn up
// for it and, for a client, those naming it as an additional client; New Contract with the record filled in;
// a row opens the same contract window as the Contract Manager.
import { Alert, Button, EmptyState, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { IconFileCertificate, IconLock, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { CONTRACT_MESSAGES } from '@crm/domain';
import { OpenableRow } from '../../../components/list-table/list-row.tsx';
import { ListLoadError } from '../../../components/list-load-error.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useAuthorization } from '../../../lib/authorization.ts';
import { useDateFormat } from '../../../lib/format.ts';
import { useRecordContracts } from '../api/contracts.ts';
import { ContractPanel, NewContractDialog } from './contract-dialogs.tsx';
import { ContractStatusBadge } from './contract-status-badge.tsx';
import type { PickedRecord } from './record-picker.tsx';

export type RecordContractsPanelProps = {
  owner: PickedRecord;
  /** Why no contract may be drawn up here (a converted lead, a reverted client), or null. */
  readOnlyReason: string | null;
};

export function RecordContractsPanel({ owner, readOnlyReason }: RecordContractsPanelProps) {
  const { can, role } = useAuthorization();
  const { formatDate } = useDateFormat();
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
      {readOnlyReason && can('contracts:create') ? (
        <Alert color="gray" variant="light" icon={<IconLock size={18} />} p="xs">
          <Text size="sm">{readOnlyReason}</Text>
        </Alert>
      ) : null}
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
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="xs" highlightOnHover aria-label={`Contracts of ${owner.name}`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Reference</Table.Th>
                <Table.Th>Title</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Effective</Table.Th>
                <Table.Th>Expiry</Table.Th>
                <Table.Th>Signed</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((c) => (
                <OpenableRow
                  key={c.id}
                  label={`${c.reference} ${c.title}`}
                  hidden={false}
                  testId={`contract-${c.id}`}
                  onOpen={() => setOpen(c.id)}
                >
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Text size="sm" ff="monospace">
                      {c.reference}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {c.title}
                    </Text>
                    {c.record && c.record.id !== owner.id ? (
                      <Text size="xs" c="dimmed">
                        Drawn up for {c.clientName}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    <ContractStatusBadge status={c.status} />
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Text size="sm">{formatDate(c.effectiveDate)}</Text>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Text size="sm">{c.expiryDate ? formatDate(c.expiryDate) : '—'}</Text>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Text size="sm">{c.signedDate ? formatDate(c.signedDate) : 'Not yet'}</Text>
                  </Table.Td>
                </OpenableRow>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
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
