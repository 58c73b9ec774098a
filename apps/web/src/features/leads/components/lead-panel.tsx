// The right-hand lead panel (spec 1 §2.5): 'New Lead' or 'Edit Lead' with the tabs Lead Details,
// Tasks & Notes and Services; the overview card beside the form when editing; read-only for a
// converted lead (with the 'Successfully Converted to Client' banner) or a role that may not edit; a
// reverted conversion shows the 'Reverted to Lead' banner (spec 1 §4.2).
import { Alert, Stack, Text } from '@mantine/core';
import { IconArrowBackUp, IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { CONVERTED_STATUS, fullNameOf, LEAD_MESSAGES, type LeadRecord } from '@crm/domain';
import { PageLoader } from '../../../components/page-loader.tsx';
import { RecordDetailsLayout, RecordDrawer } from '../../../components/record-form/record-panel.tsx';
import { ReadOnlyNotice } from '../../../components/record-section.tsx';
import { recordLoadFailed } from '../../../lib/api-client.ts';
import { useAuthorization } from '../../../lib/authorization.ts';
import { useDateFormat } from '../../../lib/format.ts';
import { pageName, useDocumentTitle } from '../../../lib/use-document-title.ts';
import {
  RecordLink,
  RecordLoadError,
  type RecordPanelTab,
  RecordPanelTabs,
  RecordPanelTitle,
} from '../../records/index.ts';
import { useLead } from '../api/lead.ts';
import { LeadActionDialog, type LeadActionKind } from './lead-action-dialog.tsx';
import { LeadForm } from './lead-form.tsx';
import { LeadOverviewCard } from './lead-overview-card.tsx';

/** `resolving`: a link to the lead may still turn into its client (the page decides). */
export type LeadPanelState = { mode: 'new' } | { mode: 'edit'; id: string; resolving?: boolean } | null;

export type LeadPanelTab = RecordPanelTab;

/** Spec 1 §2.5: the lead's tabs after its details. */

type LeadPanelProps = {
  state: LeadPanelState;
  onClose: () => void;
  onCreated: (lead: LeadRecord) => void;
  /** The edit panel's tab (the page keeps it with the URL). */
  tab: LeadPanelTab;
  onTabChange: (tab: LeadPanelTab) => void;
  /** Opens the client a lead was converted to. */
  onOpenClient: (clientId: string) => void;
  /** Told just before a save converts the lead. */
  onConverting: (leadId: string) => void;
};

export function LeadPanel({ state, onClose, onCreated, tab, onTabChange, onOpenClient, onConverting }: LeadPanelProps) {
  const editId = state?.mode === 'edit' ? state.id : null;
  const resolving = state?.mode === 'edit' && Boolean(state.resolving);
  const lead = useLead(editId);
  const record = editId ? lead.data : undefined;
  const { can } = useAuthorization();
  const isReadOnly = (r: LeadRecord) => r.leadStatus === CONVERTED_STATUS || !can('leads:edit');
  const title = state?.mode === 'new' ? 'New Lead' : record && isReadOnly(record) ? 'View Lead' : 'Edit Lead';
  // The tab says whose panel is open; the page's name while the lead loads.
  useDocumentTitle(
    state === null ? null : state.mode === 'new' ? title : record ? fullNameOf(record) : pageName('/leads-clients'),
  );

  return (
    <RecordDrawer
      opened={state !== null}
      onClose={onClose}
      closeLabel="Close lead panel"
      title={<RecordPanelTitle displayId={record?.displayId}>{title}</RecordPanelTitle>}
    >
      {state?.mode === 'new' ? <NewLeadTabs onClose={onClose} onCreated={onCreated} /> : null}
      {editId ? (
        lead.isPending || resolving ? (
          <PageLoader label="Loading complete lead data..." />
        ) : recordLoadFailed(lead) ? (
          <RecordLoadError
            query={lead}
            notFound={[
              'Lead data not available.',
              'The lead may have been archived, deleted or is not visible to your role.',
            ]}
          />
        ) : record ? (
          <RecordPanelTabs
            type="lead"
            tab={tab}
            onTabChange={onTabChange}
            record={{ id: record.id, name: fullNameOf(record) }}
            lockedReason={record.leadStatus === CONVERTED_STATUS ? LEAD_MESSAGES.readOnlyConverted : null}
            movedToClient={
              record.leadStatus === CONVERTED_STATUS && record.convertedToClientId
                ? { id: record.convertedToClientId, onOpen: () => onOpenClient(record.convertedToClientId!) }
                : null
            }
            details={
              <EditLead
                lead={record}
                readOnly={isReadOnly(record)}
                onClose={onClose}
                onReload={async () => (await lead.refetch()).data}
                onOpenClient={onOpenClient}
                onConverting={onConverting}
                onOpenTasks={() => onTabChange('tasks')}
              />
            }
          />
        ) : null
      ) : null}
    </RecordDrawer>
  );
}

function NewLeadTabs({ onClose, onCreated }: { onClose: () => void; onCreated: (lead: LeadRecord) => void }) {
  const [tab, setTab] = useState<LeadPanelTab>('details');
  return (
    <RecordPanelTabs
      type="lead"
      tab={tab}
      onTabChange={setTab}
      record={null}
      lockedReason={null}
      details={<NewLead onClose={onClose} onCreated={onCreated} />}
    />
  );
}

function NewLead({ onClose, onCreated }: { onClose: () => void; onCreated: (lead: LeadRecord) => void }) {
  const { user } = useAuthorization();
  return (
    <LeadForm
      mode="new"
      lead={null}
      userId={user?.id ?? 'anonymous'}
      readOnly={false}
      canDelete={false}
      onSaved={(saved) => onCreated(saved)}
      onCancel={onClose}
      onAction={() => undefined}
      onReload={() => Promise.resolve(undefined)}
    />
  );
}

type EditLeadProps = {
  lead: LeadRecord;
  readOnly: boolean;
  onClose: () => void;
  onReload: () => Promise<LeadRecord | undefined>;
  onOpenClient: (clientId: string) => void;
  onConverting: (leadId: string) => void;
  onOpenTasks: () => void;
};

function EditLead({ lead, readOnly, onClose, onReload, onOpenClient, onConverting, onOpenTasks }: EditLeadProps) {
  const { formatDate } = useDateFormat();
  const { user, can } = useAuthorization();
  const [action, setAction] = useState<LeadActionKind | null>(null);
  const converted = lead.leadStatus === CONVERTED_STATUS;
  return (
    <>
      <RecordDetailsLayout overview={<LeadOverviewCard lead={lead} onOpenTasks={onOpenTasks} />}>
        <Stack gap="sm">
          {converted ? (
            <Alert
              color="green"
              variant="light"
              icon={<IconCircleCheck size={18} />}
              title="Successfully Converted to Client"
            >
              <Text size="sm">
                Converted on {formatDate(lead.convertedAt)}
                {lead.updatedBy ? ` by ${lead.updatedBy.fullName}` : ''}
                {lead.convertedToClientId ? (
                  <>
                    {' · Client '}
                    <RecordLink type="client" id={lead.convertedToClientId} onOpen={onOpenClient} />
                  </>
                ) : null}
                . This lead is read-only.
              </Text>
            </Alert>
          ) : lead.reversion ? (
            <Alert color="orange" variant="light" icon={<IconArrowBackUp size={18} />} title="Reverted to Lead">
              <Text size="sm">
                Reverted on {formatDate(lead.reversion.revertedAt)}
                {lead.reversion.revertedBy ? ` by ${lead.reversion.revertedBy.fullName}` : ''}. It was converted on{' '}
                {formatDate(lead.convertedAt)}; client{' '}
                <RecordLink type="client" id={lead.reversion.clientId} onOpen={onOpenClient} /> is kept for the record.
              </Text>
            </Alert>
          ) : null}
          {readOnly && !converted ? (
            <ReadOnlyNotice>Your role can view this lead but not change it.</ReadOnlyNotice>
          ) : null}
          <LeadForm
            key={lead.id}
            mode="edit"
            lead={lead}
            userId={user?.id ?? 'anonymous'}
            readOnly={readOnly}
            canDelete={can('leads:delete')}
            onSaved={() => undefined}
            onCancel={onClose}
            onAction={setAction}
            onReload={onReload}
            onConverting={onConverting}
          />
        </Stack>
      </RecordDetailsLayout>
      <LeadActionDialog
        action={action}
        lead={action ? lead : null}
        onClose={() => setAction(null)}
        onDone={(done) => {
          if (done === 'archive' || done === 'delete') onClose();
        }}
      />
    </>
  );
}
