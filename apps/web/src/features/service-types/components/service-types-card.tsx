// System Settings → Finance: the service catalogue — each type's name, default fees, tax treatment and whether
// it is archived — with Add / Edit and Archive / Restore for account administrators (the server's rule);
// everyone else who opens Administration reads it. On a phone the fees and the treatment fold under the name.
import { ActionIcon, Alert, Badge, Button, Card, Group, Table, Text, Title, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArchive, IconArchiveOff, IconPencil, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import {
  centsOf,
  CURRENCIES,
  displayMoney,
  SERVICE_TYPE_MESSAGES,
  type ServiceTypeRecord,
  TAX_TREATMENT_LABELS,
} from '@crm/domain';
import { FoldedText } from '../../../components/list-table/folded-text.tsx';
import { ListCell, type ListColumn, ListTable } from '../../../components/list-table/list-table.tsx';
import { useAuthorization } from '../../../lib/authorization.ts';
import { usePhoneLayout } from '../../../lib/use-phone-layout.ts';
import { useSaveServiceType } from '../api/save-service-type.ts';
import { useServiceTypes } from '../api/service-types.ts';
import { ServiceTypeDialog, type ServiceTypeDialogState } from './service-type-dialog.tsx';

/** 'A$1,650.00 · $990.50', or null when the type has no default fee. */
const feesText = (type: ServiceTypeRecord) =>
  CURRENCIES.flatMap((c) => {
    const fee = type.defaultFees[c];
    return fee === null ? [] : [displayMoney(centsOf(fee), c)];
  }).join(' · ') || null;

const COLUMNS: readonly ListColumn[] = [
  { key: 'name', label: 'Name' },
  { key: 'fees', label: 'Default fees', width: 190, minListWidth: 560 },
  { key: 'treatment', label: 'Tax treatment', width: 250, minListWidth: 740 },
  { key: 'status', label: 'Status', width: 100 },
];

export function ServiceTypesCard() {
  const { can } = useAuthorization();
  const editable = can('admin:manage_settings');
  const phone = usePhoneLayout();
  const types = useServiceTypes();
  const save = useSaveServiceType();
  const [dialog, setDialog] = useState<ServiceTypeDialogState>(null);

  const toggleArchived = async (type: ServiceTypeRecord) => {
    try {
      await save.mutateAsync({ id: type.id, body: { archived: !type.archived, version: type.version } });
      notifications.show({
        color: 'green',
        message: type.archived ? SERVICE_TYPE_MESSAGES.restored : SERVICE_TYPE_MESSAGES.archived,
      });
    } catch (error) {
      notifications.show({ color: 'red', message: (error as Error).message || SERVICE_TYPE_MESSAGES.saveFailed });
    }
  };

  const actions = (type: ServiceTypeRecord) =>
    editable ? (
      <Group gap={4} wrap="nowrap" justify="flex-end">
        <Tooltip label="Edit">
          <ActionIcon variant="subtle" aria-label={`Edit ${type.name}`} onClick={() => setDialog({ type })}>
            <IconPencil size={16} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={type.archived ? 'Restore' : 'Archive'}>
          <ActionIcon
            variant="subtle"
            color={type.archived ? 'teal' : 'gray'}
            aria-label={`${type.archived ? 'Restore' : 'Archive'} ${type.name}`}
            disabled={save.isPending}
            onClick={() => void toggleArchived(type)}
          >
            {type.archived ? <IconArchiveOff size={16} /> : <IconArchive size={16} />}
          </ActionIcon>
        </Tooltip>
      </Group>
    ) : null;

  const state = (type: ServiceTypeRecord) =>
    type.archived ? (
      <Badge color="gray" variant="light" tt="none">
        Archived
      </Badge>
    ) : (
      <Badge color="teal" variant="light" tt="none">
        Active
      </Badge>
    );

  return (
    <Card withBorder radius="md" padding="lg">
      <Group justify="space-between" align="flex-start" mb="sm" gap="sm" wrap={phone ? 'wrap' : 'nowrap'}>
        <div style={{ flex: phone ? '1 1 100%' : 1, minWidth: 0 }}>
          <Title order={3} size="h4">
            Service catalogue
          </Title>
          <Text size="sm" c="dimmed">
            The services staff choose from, their default fees and how each is taxed on an invoice. Archived types are
            no longer offered; services already saved keep their name and treatment.
          </Text>
        </div>
        {editable ? (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({ type: null })}>
            Add service type
          </Button>
        ) : null}
      </Group>
      {!editable ? (
        <Alert color="gray" variant="light" mb="sm">
          {SERVICE_TYPE_MESSAGES.onlyAccountAdmins}.
        </Alert>
      ) : null}
      {types.isError ? (
        <Alert color="red">{types.error.message}</Alert>
      ) : (
        <ListTable
          label="Service types"
          columns={COLUMNS}
          loading={!types.data}
          actions={editable ? { width: 90, labelHidden: true } : undefined}
        >
          {types.data?.map((type) => (
            <Table.Tr key={type.id} c={type.archived ? 'dimmed' : undefined}>
              <Table.Td>
                {type.name}
                <FoldedText
                  lines={[[['fees', feesText(type)]], [['treatment', TAX_TREATMENT_LABELS[type.defaultTreatment]]]]}
                />
              </Table.Td>
              <ListCell column="fees" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {feesText(type) ?? '—'}
              </ListCell>
              <ListCell column="treatment">{TAX_TREATMENT_LABELS[type.defaultTreatment]}</ListCell>
              <Table.Td>{state(type)}</Table.Td>
              {editable ? <Table.Td>{actions(type)}</Table.Td> : null}
            </Table.Tr>
          ))}
        </ListTable>
      )}
      <ServiceTypeDialog state={dialog} onClose={() => setDialog(null)} />
    </Card>
  );
}
