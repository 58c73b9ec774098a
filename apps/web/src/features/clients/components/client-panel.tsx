// The right-hand client panel (spec 1 §2.6): a header with the name, the 'Client' badge and Close;
// the tabs Client Details, Services and Tasks & Notes; the overview card beside the form; the
// 'Revert to Lead' offer within 30 days of a conversion and the 'Reverted to Lead' banner.
// Read-only for a Reverted client or a role that may not edit.
import { Alert, Anchor, Badge, Button, Group, Stack, Tabs, Text } from '@mantine/core';
import { IconArrowBackUp, IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import {
  BADGE_COLOURS,
  CLIENT_MESSAGES,
  type ClientRecord,
  displayId,
  fullNameOf,
  REVERTED_STATUS,
  reversionDeadline,
} from '@crm/domain';
import { PageLoader } from '../../../components/page-loader.tsx';
import { RecordDetailsLayout, RecordDrawer } from '../../../components/record-form/record-panel.tsx';
import { isApiError, recordLoadFailed } from '../../../lib/api-client.ts';
import { useAuthorization } from '../../../lib/authorization.ts';
import { pageName, useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useDateFormat } from '../../../lib/format.ts';
import { ClientMoneyTab } from '../../client-money/components/client-money-tab.tsx';
import { preloadContractsTab, RecordContractsTab } from '../../contracts/components/record-contracts-tab.tsx';
import { preloadServicesTab, ServicesTab } from '../../services/components/services-tab.tsx';
import { HistoryTab, preloadHistoryTab } from '../../records/components/history-tab.tsx';
import { preloadTasksTab, TasksTab } from '../../tasks/components/tasks-tab.tsx';
import { useClient } from '../api/client.ts';
import { ClientActionDialog, type ClientActionKind } from './client-action-dialog.tsx';
import { ClientForm } from './client-form.tsx';
import { ClientOverviewCard } from './client-overview-card.tsx';

export type ClientPanelTab = 'details' | 'services' | 'tasks' | 'contracts' | 'history';

type ClientPanelProps = {
  clientId: string | null;
  tab: ClientPanelTab;
  onTabChange: (tab: ClientPanelTab) => void;
  onClose: () => void;
  /** Opens a lead (the one the client was converted from). */
  onOpenLead: (leadId: string) => void;
};

export function ClientPanel({ clientId, tab, onTabChange, onClose, onOpenLead }: ClientPanelProps) {
  const client = useClient(clientId);
  const { can } = useAuthorization();
  const record = clientId ? client.data : undefined;
  const notFound = isApiError(client.error) && client.error.status === 404;
  /** Why the client's services, tasks and notes cannot be changed here, or null. */
  const readOnlyReasonOf = (r: ClientRecord, what: string) =>
    r.status === REVERTED_STATUS
      ? CLIENT_MESSAGES.readOnlyReverted
      : can('clients:edit')
        ? null
        : `Your role can view ${what} but not change them.`;
  // The tab says whose panel is open; the page's name while the client loads.
  useDocumentTitle(clientId === null ? null : record ? fullNameOf(record) : pageName('/leads-clients'));

  return (
    <RecordDrawer
      opened={clientId !== null}
      onClose={onClose}
      closeLabel="Close client panel"
      title={
        <>
          <Group component="span" gap="xs" wrap="wrap">
            <span>{record ? fullNameOf(record) : 'Client'}</span>
            <Badge component="span" size="sm" radius="sm" tt="none" color={BADGE_COLOURS.blue} variant="filled">
              Client
            </Badge>
          </Group>
          {record ? (
            <Text component="span" display="block" size="xs" c="dimmed" ff="monospace" fw={400}>
              {record.displayId}
            </Text>
          ) : null}
        </>
      }
    >
      {!clientId ? null : client.isPending ? (
        <PageLoader label="Loading complete client data..." />
      ) : recordLoadFailed(client) ? (
        <Alert
          color="red"
          variant="light"
          mt="md"
          title={notFound ? 'Client data not available.' : 'Error loading data:'}
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              {notFound ? 'The client may have been deleted or is not visible to your role.' : client.error?.message}
            </Text>
            <Button size="xs" variant="light" color="red" onClick={() => void client.refetch()}>
              Try Again
            </Button>
          </Stack>
        </Alert>
      ) : record ? (
        <Tabs
          // A link to the Contracts tab opens the details for a role without the Contract Manager.
          value={tab === 'contracts' && !can('contracts:view') ? 'details' : tab}
          onChange={(next) => onTabChange((next as ClientPanelTab | null) ?? 'details')}
          keepMounted={false}
          mt="xs"
        >
          <Tabs.List mb="md">
            <Tabs.Tab value="details">Client Details</Tabs.Tab>
            <Tabs.Tab value="services" onMouseEnter={preloadServicesTab} onFocus={preloadServicesTab}>
              Services
            </Tabs.Tab>
            <Tabs.Tab value="tasks" onMouseEnter={preloadTasksTab} onFocus={preloadTasksTab}>
              Tasks & Notes
            </Tabs.Tab>
            {can('contracts:view') ? (
              <Tabs.Tab value="contracts" onMouseEnter={preloadContractsTab} onFocus={preloadContractsTab}>
                Contracts
              </Tabs.Tab>
            ) : null}
            <Tabs.Tab value="history" onMouseEnter={preloadHistoryTab} onFocus={preloadHistoryTab}>
              History
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="details">
            <ClientDetails
              client={record}
              onClose={onClose}
              onOpenLead={onOpenLead}
              onOpenTasks={() => onTabChange('tasks')}
              onReload={async () => (await client.refetch()).data}
            />
          </Tabs.Panel>
          <Tabs.Panel value="services">
            <Stack gap="xl">
              <ServicesTab
                owner={{ type: 'client', id: record.id }}
                readOnlyReason={readOnlyReasonOf(record, 'these services')}
              />
              <ClientMoneyTab
                owner={{ type: 'client', id: record.id }}
                name={fullNameOf(record)}
                readOnlyReason={record.status === REVERTED_STATUS ? CLIENT_MESSAGES.readOnlyReverted : null}
              />
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="tasks">
            <TasksTab
              owner={{ type: 'client', id: record.id }}
              readOnlyReason={readOnlyReasonOf(record, 'these tasks and notes')}
            />
          </Tabs.Panel>
          {can('contracts:view') ? (
            <Tabs.Panel value="contracts">
              <RecordContractsTab
                owner={{ type: 'client', id: record.id, name: fullNameOf(record) }}
                readOnlyReason={record.status === REVERTED_STATUS ? CLIENT_MESSAGES.readOnlyReverted : null}
              />
            </Tabs.Panel>
          ) : null}
          <Tabs.Panel value="history">
            <HistoryTab owner={{ type: 'client', id: record.id }} />
          </Tabs.Panel>
        </Tabs>
      ) : null}
    </RecordDrawer>
  );
}

type ClientDetailsProps = {
  client: ClientRecord;
  onClose: () => void;
  onOpenLead: (leadId: string) => void;
  onReload: () => Promise<ClientRecord | undefined>;
  onOpenTasks: () => void;
};

function ClientDetails({ client, onClose, onOpenLead, onReload, onOpenTasks }: ClientDetailsProps) {
  const { formatDate } = useDateFormat();
  const { can } = useAuthorization();
  const [action, setAction] = useState<ClientActionKind | null>(null);
  const canEdit = can('clients:edit');
  const reverted = client.status === REVERTED_STATUS;
  const readOnly = !canEdit || reverted;
  const leadLink = client.convertedFromLeadId ? (
    <Anchor
      underline="always"
      component="button"
      type="button"
      size="sm"
      ff="monospace"
      onClick={() => onOpenLead(client.convertedFromLeadId!)}
    >
      {displayId('lead', client.convertedFromLeadId)}
    </Anchor>
  ) : null;
  const revertUntil = reversionDeadline(client.convertedAt);

  return (
    <>
      <RecordDetailsLayout
        overview={<ClientOverviewCard client={client} onOpenLead={onOpenLead} onOpenTasks={onOpenTasks} />}
      >
        <Stack gap="sm">
          {reverted ? (
            <Alert color="orange" variant="light" icon={<IconArrowBackUp size={18} />} title="Reverted to Lead">
              <Text size="sm">
                Reverted on {formatDate(client.revertedAt)}
                {client.revertedBy ? ` by ${client.revertedBy.fullName}` : ''}. The lead {leadLink} is back in the
                pipeline; this client is kept for the record and is read-only.
              </Text>
            </Alert>
          ) : client.canRevert && canEdit ? (
            <Alert color="blue" variant="light" p="xs">
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Text size="sm">
                  Converted from lead {leadLink} on {formatDate(client.convertedAt)}. The conversion can be reverted
                  until {formatDate(revertUntil)}.
                </Text>
                <Button
                  size="compact-sm"
                  variant="light"
                  color="orange"
                  leftSection={<IconArrowBackUp size={14} />}
                  onClick={() => setAction('revert')}
                >
                  Revert to Lead
                </Button>
              </Group>
            </Alert>
          ) : null}
          {!canEdit ? (
            <Alert color="gray" variant="light" icon={<IconLock size={18} />} p="xs">
              <Text size="sm">Your role can view this client but not change it.</Text>
            </Alert>
          ) : null}
          <ClientForm
            key={client.id}
            client={client}
            readOnly={readOnly}
            rights={{
              canHide: canEdit,
              canDelete: can('clients:delete'),
              canDeletePermanently: can('clients:delete_permanent'),
            }}
            onCancel={onClose}
            onAction={setAction}
            onReload={onReload}
          />
        </Stack>
      </RecordDetailsLayout>
      <ClientActionDialog
        action={action}
        client={action ? client : null}
        onClose={() => setAction(null)}
        onDone={(done) => {
          if (done === 'delete' || done === 'permanent') onClose();
        }}
      />
    </>
  );
}
