// The right-hand client panel (spec 1 §2.6): a header with the name, the 'Client' badge and Close;
// the tabs Client Details, Services and Tasks & Notes; the overview card beside the form; the
// 'Revert to Lead' offer within 30 days of a conversion and the 'Reverted to Lead' banner.
// Read-only for a Reverted client or a role that may not edit.
import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import { useState } from 'react';
import {
  BADGE_COLOURS,
  CLIENT_MESSAGES,
  type ClientRecord,
  fullNameOf,
  REVERTED_STATUS,
  reversionDeadline,
} from '@crm/domain';
import { PageLoader } from '../../../components/page-loader.tsx';
import { RecordDetailsLayout, RecordDrawer } from '../../../components/record-form/record-panel.tsx';
import { ReadOnlyNotice } from '../../../components/record-section.tsx';
import { recordLoadFailed } from '../../../lib/api-client.ts';
import { useAuthorization } from '../../../lib/authorization.ts';
import { pageName, useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useDateFormat } from '../../../lib/format.ts';
import {
  RecordLink,
  RecordLoadError,
  type RecordPanelTab,
  RecordPanelTabs,
  RecordPanelTitle,
} from '../../records/index.ts';
import { useClient } from '../api/client.ts';
import { ClientActionDialog, type ClientActionKind } from './client-action-dialog.tsx';
import { ClientForm } from './client-form.tsx';
import { ClientOverviewCard } from './client-overview-card.tsx';

export type ClientPanelTab = RecordPanelTab;

/** Spec 1 §2.6: the client's tabs after its details. */

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
  const record = clientId ? client.data : undefined;
  // The tab says whose panel is open; the page's name while the client loads.
  useDocumentTitle(clientId === null ? null : record ? fullNameOf(record) : pageName('/leads-clients'));

  return (
    <RecordDrawer
      opened={clientId !== null}
      onClose={onClose}
      closeLabel="Close client panel"
      title={
        <RecordPanelTitle displayId={record?.displayId}>
          <Group component="span" gap="xs" wrap="wrap">
            <span>{record ? fullNameOf(record) : 'Client'}</span>
            <Badge component="span" size="sm" radius="sm" tt="none" color={BADGE_COLOURS.blue} variant="filled">
              Client
            </Badge>
          </Group>
        </RecordPanelTitle>
      }
    >
      {!clientId ? null : client.isPending ? (
        <PageLoader label="Loading complete client data..." />
      ) : recordLoadFailed(client) ? (
        <RecordLoadError
          query={client}
          notFound={['Client data not available.', 'The client may have been deleted or is not visible to your role.']}
        />
      ) : record ? (
        <RecordPanelTabs
          type="client"
          tab={tab}
          onTabChange={onTabChange}
          record={{ id: record.id, name: fullNameOf(record) }}
          lockedReason={record.status === REVERTED_STATUS ? CLIENT_MESSAGES.readOnlyReverted : null}
          details={
            <ClientDetails
              client={record}
              onClose={onClose}
              onOpenLead={onOpenLead}
              onOpenTasks={() => onTabChange('tasks')}
              onReload={async () => (await client.refetch()).data}
            />
          }
        />
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
    <RecordLink type="lead" id={client.convertedFromLeadId} onOpen={onOpenLead} />
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
          {!canEdit ? <ReadOnlyNotice>Your role can view this client but not change it.</ReadOnlyNotice> : null}
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
