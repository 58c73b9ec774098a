// The tabs of a lead's and a client's panel (spec 1 §2.5, §2.6): the details, then Services, Tasks & Notes,
// Contracts (for a role with the Contract Manager) and History in the record type's order. Until a new lead is
// saved its other tabs wait, with a line saying why. What may change there follows one rule: nothing while the
// record is locked (converted, reverted), and only for a role that may edit it.
import { Alert, Anchor, Button, Stack, Tabs, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { displayId } from '@crm/domain';
import { isApiError } from '../../../lib/api-client.ts';
import { useAuthorization } from '../../../lib/authorization.ts';
import { usePhoneLayout } from '../../../lib/use-phone-layout.ts';
import { ClientMoneyTab } from '../../client-money/index.ts';
import { preloadContractsTab, RecordContractsTab } from '../../contracts/index.ts';
import { preloadServicesTab, ServicesTab } from '../../services/index.ts';
import { preloadTasksTab, TasksTab } from '../../tasks/index.ts';
import { HistoryTab, preloadHistoryTab } from './history-tab.tsx';

export type RecordPanelTab = 'details' | 'services' | 'tasks' | 'contracts' | 'history';
type RecordType = 'lead' | 'client';

// Spec 1 §2.5 puts a lead's Tasks & Notes before its Services; §2.6 puts a client's Services first.
const TAB_ORDER: Record<RecordType, readonly Exclude<RecordPanelTab, 'details'>[]> = {
  lead: ['tasks', 'services', 'contracts', 'history'],
  client: ['services', 'tasks', 'contracts', 'history'],
};
const TAB_LABELS = { services: 'Services', tasks: 'Tasks & Notes', contracts: 'Contracts', history: 'History' };
const PRELOADS = {
  services: preloadServicesTab,
  tasks: preloadTasksTab,
  contracts: preloadContractsTab,
  history: preloadHistoryTab,
};

type RecordPanelTabsProps = {
  type: RecordType;
  tab: RecordPanelTab;
  onTabChange: (tab: RecordPanelTab) => void;
  details: ReactNode;
  /** The saved record; null for a new lead not saved yet. */
  record: { id: string; name: string } | null;
  /** Why nothing of the record may change (it was converted or reverted), or null. */
  lockedReason: string | null;
  /** A converted lead's tasks and notes moved to its client. */
  movedToClient?: { id: string; onOpen: () => void } | null;
};

export function RecordPanelTabs({
  type,
  tab,
  onTabChange,
  details,
  record,
  lockedReason,
  movedToClient,
}: RecordPanelTabsProps) {
  const { can } = useAuthorization();
  const contractsTab = can('contracts:view');
  const canEdit = can(type === 'lead' ? 'leads:edit' : 'clients:edit');
  const reasonFor = (what: string) =>
    lockedReason ?? (canEdit ? null : `Your role can view ${what} but not change them.`);
  // Beside the tabs where there is room; on a phone on its own line under them.
  const phone = usePhoneLayout();
  const hint = !record ? (
    <Text size="xs" c="dimmed" ml={phone ? 0 : 'auto'} mb={phone ? 'sm' : 0} style={{ alignSelf: 'center' }} px="xs">
      Save the {type} first to add tasks and notes.
    </Text>
  ) : null;
  const tabs = TAB_ORDER[type].filter((t) => t !== 'contracts' || contractsTab);
  const owner = record ? { type, id: record.id } : null;

  const content = (t: (typeof tabs)[number]) => {
    if (!owner || !record) return null;
    switch (t) {
      case 'services':
        return (
          <Stack gap="xl">
            <ServicesTab owner={owner} readOnlyReason={reasonFor('these services')} />
            <ClientMoneyTab owner={owner} name={record.name} readOnlyReason={lockedReason} />
          </Stack>
        );
      case 'tasks':
        return (
          <TasksTab
            owner={owner}
            readOnlyReason={reasonFor('these tasks and notes')}
            movedToClient={movedToClient ?? null}
          />
        );
      case 'contracts':
        return <RecordContractsTab owner={{ ...owner, name: record.name }} readOnlyReason={lockedReason} />;
      case 'history':
        return <HistoryTab owner={owner} />;
    }
  };

  return (
    <Tabs
      // A link to the Contracts tab opens the details for a role without the Contract Manager.
      value={tab === 'contracts' && !contractsTab ? 'details' : tab}
      onChange={(next) => onTabChange((next as RecordPanelTab | null) ?? 'details')}
      keepMounted={false}
      mt="xs"
    >
      <Tabs.List mb={hint && phone ? 'xs' : 'md'}>
        <Tabs.Tab value="details">{type === 'lead' ? 'Lead Details' : 'Client Details'}</Tabs.Tab>
        {tabs.map((t) => (
          <Tabs.Tab key={t} value={t} disabled={!record} onMouseEnter={PRELOADS[t]} onFocus={PRELOADS[t]}>
            {TAB_LABELS[t]}
          </Tabs.Tab>
        ))}
        {phone ? null : hint}
      </Tabs.List>
      {phone ? hint : null}
      <Tabs.Panel value="details">{details}</Tabs.Panel>
      {tabs.map((t) => (
        <Tabs.Panel key={t} value={t}>
          {content(t)}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}

/** A record's id as a link that opens its panel (the lead a client came from, the client a lead became). */
export function RecordLink({ type, id, onOpen }: { type: RecordType; id: string; onOpen: (id: string) => void }) {
  return (
    <Anchor underline="always" component="button" type="button" size="sm" ff="monospace" onClick={() => onOpen(id)}>
      {displayId(type, id)}
    </Anchor>
  );
}

/** The record could not be read: not found (or not visible to the role), or another error, with Try Again. */
export function RecordLoadError({ query, notFound }: { query: UseQueryResult<unknown>; notFound: [string, string] }) {
  const missing = isApiError(query.error) && query.error.status === 404;
  return (
    <Alert color="red" variant="light" mt="md" title={missing ? notFound[0] : 'Error loading data:'}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{missing ? notFound[1] : query.error?.message}</Text>
        <Button size="xs" variant="light" color="red" onClick={() => void query.refetch()}>
          Try Again
        </Button>
      </Stack>
    </Alert>
  );
}

/** The panel's heading: the title, and under it the record's id once it is saved. */
export function RecordPanelTitle({ children, displayId: id }: { children: ReactNode; displayId?: string }) {
  return (
    <>
      {children}
      {id ? (
        <Text component="span" display="block" size="xs" c="dimmed" ff="monospace" fw={400}>
          {id}
        </Text>
      ) : null}
    </>
  );
}
