// The right-hand lead panel (spec 1 §2.5): 'New Lead' or 'Edit Lead' with the tabs Lead Details,
// Tasks & Notes and Services; the overview card beside the form when editing; read-only for a
// converted lead (with the 'Successfully Converted to Client' banner) or a role that may not edit; a
// reverted conversion shows the 'Reverted to Lead' banner (spec 1 §4.2).
import { Alert, Anchor, Button, Stack, Tabs, Text } from '@mantine/core';
import { IconArrowBackUp, IconCircleCheck, IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { CONVERTED_STATUS, displayId, fullNameOf, LEAD_MESSAGES, type LeadRecord } from '@crm/domain';
import { PageLoader } from '../../../components/page-loader.tsx';
import { RecordDetailsLayout, RecordDrawer } from '../../../components/record-form/record-panel.tsx';
import { isApiError, recordLoadFailed } from '../../../lib/api-client.ts';
import { useAuthorization } from '../../../lib/authorization.ts';
import { useDateFormat } from '../../../lib/format.ts';
import { pageName, useDocumentTitle } from '../../../lib/use-document-title.ts';
import { usePhoneLayout } from '../../../lib/use-phone-layout.ts';
import { ClientMoneyTab } from '../../client-money/components/client-money-tab.tsx';
import { preloadContractsTab, RecordContractsTab } from '../../contracts/components/record-contracts-tab.tsx';
import { preloadServicesTab, ServicesTab } from '../../services/components/services-tab.tsx';
import { HistoryTab, preloadHistoryTab } from '../../records/components/history-tab.tsx';
import { preloadTasksTab, TasksTab } from '../../tasks/components/tasks-tab.tsx';
import { useLead } from '../api/lead.ts';
import { LeadActionDialog, type LeadActionKind } from './lead-action-dialog.tsx';
import { LeadForm } from './lead-form.tsx';
import { LeadOverviewCard } from './lead-overview-card.tsx';

/** `resolving`: a link to the lead may still turn into its client (the page decides). */
export type LeadPanelState = { mode: 'new' } | { mode: 'edit'; id: string; resolving?: boolean } | null;

export type LeadPanelTab = 'details' | 'tasks' | 'services' | 'contracts' | 'history';

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
  const readOnlyRole = !can('leads:edit');
  const isReadOnly = (r: LeadRecord) => r.leadStatus === CONVERTED_STATUS || readOnlyRole;
  /** Why the lead's services, tasks and notes cannot be changed here, or null. */
  const readOnlyReasonOf = (r: LeadRecord, what: string) =>
    r.leadStatus === CONVERTED_STATUS
      ? LEAD_MESSAGES.readOnlyConverted
      : readOnlyRole
        ? `Your role can view ${what} but not change them.`
        : null;
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
      title={
        <>
          {title}
          {record ? (
            <Text component="span" display="block" size="xs" c="dimmed" ff="monospace" fw={400}>
              {record.displayId}
            </Text>
          ) : null}
        </>
      }
    >
      {state?.mode === 'new' ? <NewLeadTabs onClose={onClose} onCreated={onCreated} /> : null}
      {editId ? (
        lead.isPending || resolving ? (
          <PageLoader label="Loading complete lead data..." />
        ) : recordLoadFailed(lead) ? (
          <Alert
            color="red"
            variant="light"
            mt="md"
            title={
              isApiError(lead.error) && lead.error.status === 404 ? 'Lead data not available.' : 'Error loading data:'
            }
          >
            <Stack gap="xs" align="flex-start">
              <Text size="sm">
                {isApiError(lead.error) && lead.error.status === 404
                  ? 'The lead may have been archived, deleted or is not visible to your role.'
                  : lead.error?.message}
              </Text>
              <Button size="xs" variant="light" color="red" onClick={() => void lead.refetch()}>
                Try Again
              </Button>
            </Stack>
          </Alert>
        ) : record ? (
          <PanelTabs
            saved
            tab={tab}
            onTabChange={onTabChange}
            services={
              <Stack gap="xl">
                <ServicesTab
                  owner={{ type: 'lead', id: record.id }}
                  readOnlyReason={readOnlyReasonOf(record, 'these services')}
                />
                <ClientMoneyTab
                  owner={{ type: 'lead', id: record.id }}
                  name={fullNameOf(record)}
                  readOnlyReason={record.leadStatus === CONVERTED_STATUS ? LEAD_MESSAGES.readOnlyConverted : null}
                />
              </Stack>
            }
            tasks={
              <TasksTab
                owner={{ type: 'lead', id: record.id }}
                readOnlyReason={readOnlyReasonOf(record, 'these tasks and notes')}
                movedToClient={
                  record.leadStatus === CONVERTED_STATUS && record.convertedToClientId
                    ? { id: record.convertedToClientId, onOpen: () => onOpenClient(record.convertedToClientId!) }
                    : null
                }
              />
            }
            contracts={
              can('contracts:view') ? (
                <RecordContractsTab
                  owner={{ type: 'lead', id: record.id, name: fullNameOf(record) }}
                  readOnlyReason={record.leadStatus === CONVERTED_STATUS ? LEAD_MESSAGES.readOnlyConverted : null}
                />
              ) : null
            }
            history={<HistoryTab owner={{ type: 'lead', id: record.id }} />}
          >
            <EditLead
              lead={record}
              readOnly={isReadOnly(record)}
              onClose={onClose}
              onReload={async () => (await lead.refetch()).data}
              onOpenClient={onOpenClient}
              onConverting={onConverting}
              onOpenTasks={() => onTabChange('tasks')}
            />
          </PanelTabs>
        ) : null
      ) : null}
    </RecordDrawer>
  );
}

function NewLeadTabs({ onClose, onCreated }: { onClose: () => void; onCreated: (lead: LeadRecord) => void }) {
  const [tab, setTab] = useState<LeadPanelTab>('details');
  return (
    <PanelTabs
      saved={false}
      tab={tab}
      onTabChange={setTab}
      services={null}
      tasks={null}
      contracts={null}
      history={null}
    >
      <NewLead onClose={onClose} onCreated={onCreated} />
    </PanelTabs>
  );
}

type PanelTabsProps = {
  saved: boolean;
  tab: LeadPanelTab;
  onTabChange: (tab: LeadPanelTab) => void;
  children: React.ReactNode;
  /** The Services and Tasks & Notes tabs' content (a saved lead's). */
  services: React.ReactNode;
  tasks: React.ReactNode;
  /** Null where the role has no Contract Manager (the tab is then left out). */
  contracts: React.ReactNode;
  history: React.ReactNode;
};

function PanelTabs({ saved, tab, onTabChange, children, services, tasks, contracts, history }: PanelTabsProps) {
  const { can } = useAuthorization();
  const contractsTab = can('contracts:view');
  // Beside the tabs where there is room; on a phone on its own line under them.
  const phone = usePhoneLayout();
  const hint = !saved ? (
    <Text size="xs" c="dimmed" ml={phone ? 0 : 'auto'} mb={phone ? 'sm' : 0} style={{ alignSelf: 'center' }} px="xs">
      Save the lead first to add tasks and notes.
    </Text>
  ) : null;
  return (
    <Tabs
      // A link to the Contracts tab opens the details for a role without the Contract Manager.
      value={tab === 'contracts' && !contractsTab ? 'details' : tab}
      onChange={(next) => onTabChange((next as LeadPanelTab | null) ?? 'details')}
      keepMounted={false}
      mt="xs"
    >
      <Tabs.List mb={hint && phone ? 'xs' : 'md'}>
        <Tabs.Tab value="details">Lead Details</Tabs.Tab>
        <Tabs.Tab value="tasks" disabled={!saved} onMouseEnter={preloadTasksTab} onFocus={preloadTasksTab}>
          Tasks & Notes
        </Tabs.Tab>
        <Tabs.Tab value="services" disabled={!saved} onMouseEnter={preloadServicesTab} onFocus={preloadServicesTab}>
          Services
        </Tabs.Tab>
        {contractsTab ? (
          <Tabs.Tab
            value="contracts"
            disabled={!saved}
            onMouseEnter={preloadContractsTab}
            onFocus={preloadContractsTab}
          >
            Contracts
          </Tabs.Tab>
        ) : null}
        <Tabs.Tab value="history" disabled={!saved} onMouseEnter={preloadHistoryTab} onFocus={preloadHistoryTab}>
          History
        </Tabs.Tab>
        {phone ? null : hint}
      </Tabs.List>
      {phone ? hint : null}
      <Tabs.Panel value="details">{children}</Tabs.Panel>
      <Tabs.Panel value="tasks">{tasks}</Tabs.Panel>
      <Tabs.Panel value="services">{services}</Tabs.Panel>
      {contractsTab ? <Tabs.Panel value="contracts">{contracts}</Tabs.Panel> : null}
      <Tabs.Panel value="history">{history}</Tabs.Panel>
    </Tabs>
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
                    <Anchor
                      underline="always"
                      component="button"
                      type="button"
                      size="sm"
                      ff="monospace"
                      onClick={() => onOpenClient(lead.convertedToClientId!)}
                    >
                      {displayId('client', lead.convertedToClientId)}
                    </Anchor>
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
                <Anchor
                  underline="always"
                  component="button"
                  type="button"
                  size="sm"
                  ff="monospace"
                  onClick={() => onOpenClient(lead.reversion!.clientId)}
                >
                  {displayId('client', lead.reversion.clientId)}
                </Anchor>{' '}
                is kept for the record.
              </Text>
            </Alert>
          ) : null}
          {readOnly && !converted ? (
            <Alert color="gray" variant="light" icon={<IconLock size={18} />} p="xs">
              <Text size="sm">Your role can view this lead but not change it.</Text>
            </Alert>
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
