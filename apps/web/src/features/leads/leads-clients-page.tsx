// /leads-clients (and /leads, /clients on their tab): spec 1 §2.3. Each list is paginated, sorted,
// filtered and searched by the server; the view, and the record panel open over it, live in the
// URL's search params (spec 1 §2.1).
import { Button, Card, Group, Loader, Tabs } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconEye, IconEyeOff, IconRefresh, IconUserQuestion } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { Suspense, useState } from 'react';
import {
  CLIENT_SORT_FIELDS,
  CLIENT_STATUS_FILTER_OPTIONS,
  CLIENT_STATUSES,
  DEFAULT_PAGE_SIZE,
  LEAD_SORT_FIELDS,
  LEAD_STATUSES,
  pageSizeChoices,
  pageSizeFor,
  parseSort,
} from '@crm/domain';
import { ExportMenu } from '../../components/export-menu.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { RoleBadge } from '../../components/role-badge.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { useAuthorization } from '../../lib/authorization.ts';
import { pageName, useDocumentTitle } from '../../lib/use-document-title.ts';
import { lazyWithPreload, OpenAfterMount, useWantedOnce } from '../../lib/lazy-component.ts';
import { ClientsTab, useClientFilterOptions, useClientList } from '../clients/index.ts';
import { loadClientPanel } from '../clients/lazy.ts';
import { loadRecordsTab } from '../records/lazy.ts';
import { useLeadFilterOptions } from './api/lead-filter-options.ts';
import { useLeadList } from './api/lead-list.ts';
import { LeadsFilterBar } from './components/leads-filter-bar.tsx';
import { LeadsTab } from './components/leads-tab.tsx';
import { DEFAULT_SORT, hasActiveFilters, type LeadsSearch, type LeadsTab as ListTab } from './leads-search.ts';
import { useRecordLink } from './use-record-link.ts';
import { tabCountLabel, useRecordTabCounts } from '../records/index.ts';
import { navigationOf } from '../../components/list-footer.tsx';
import { FIRST_PAGE, type ListNavigation, navigationParams } from '../../lib/list-navigation.ts';

type LeadsClientsPageProps = { search: LeadsSearch; defaultTab: ListTab };

// The panels (with the record forms and the date picker) and the All Records tab load on first use: the
// lists come first. Their code starts loading when the pointer or focus reaches the list or the tab.
const leadPanel = lazyWithPreload(() => import('./components/lead-panel.tsx').then((m) => m.LeadPanel));
const clientPanel = lazyWithPreload(loadClientPanel);
const recordsTab = lazyWithPreload(loadRecordsTab);
const LeadPanel = leadPanel.Component;
const ClientPanel = clientPanel.Component;
const RecordsTab = recordsTab.Component;

/** Keeps the values a tab's API accepts (the URL's status list serves both tabs). */
const only = <T extends string>(values: readonly string[] | undefined, allowed: readonly T[]) => {
  const kept = values?.filter((v): v is T => allowed.some((a) => a === v));
  return kept?.length ? kept : undefined;
};

// Narrower tabs on a phone keep the three on one line.
const tabSpacing = { px: { base: 'xs', sm: 'md' } } as const;
export function LeadsClientsPage({ search, defaultTab }: LeadsClientsPageProps) {
  const { role, can } = useAuthorization();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const pathname = useRouterState({ select: (s) => s.location.pathname });

  /** Every change of view goes through the URL, so back/forward and a shared link reproduce it. */
  const setSearch = (patch: Partial<LeadsSearch>, options: { replace?: boolean } = {}) =>
    // The same search schema serves /leads-clients, /leads and /clients: stay on the current path.
    void navigate({
      to: pathname as '/leads-clients',
      search: (prev: LeadsSearch) => ({ ...prev, ...patch }),
      replace: options.replace,
    });

  const link = useRecordLink(search, setSearch, defaultTab);
  const tab = link.listTab;

  const pageSize = pageSizeFor(role, search.pageSize);
  const sortString = search.sort ?? DEFAULT_SORT;
  // Only the active tab's list is read; the other tab's count comes from the tab counts (search and Show
  // Hidden, as switching tabs keeps only those).
  const navigation = navigationOf(search);
  const listParams = <S extends string>(statuses: readonly S[]) => ({
    search: search.search,
    status: only(search.status, statuses),
    location: search.location,
    desiredVisa: search.desiredVisa,
    showHidden: search.showHidden,
    ...navigationParams(navigation),
    pageSize,
    sort: sortString,
  });
  const leadParams = { ...listParams(LEAD_STATUSES), unassigned: search.unassigned };
  const clientParams = listParams(CLIENT_STATUSES);
  const leads = useLeadList(leadParams, tab === 'leads');
  const clients = useClientList(clientParams, tab === 'clients');
  const tabCounts = useRecordTabCounts({ search: search.search, showHidden: search.showHidden });
  const leadOptions = useLeadFilterOptions(Boolean(search.showHidden));
  const clientOptions = useClientFilterOptions(Boolean(search.showHidden), tab === 'clients');
  const options =
    tab === 'clients'
      ? // Spec 1 §4.2: the clients' status filter offers Active, Inactive and Reverted.
        clientOptions.data && { ...clientOptions.data, statuses: [...CLIENT_STATUS_FILTER_OPTIONS] }
      : leadOptions.data;

  const [newOpen, setNewOpen] = useState(false);
  // An open panel names its record in the tab instead (/leads and /clients share the screen's name).
  useDocumentTitle(newOpen || link.lead || link.clientId ? null : pageName('/leads-clients'));
  const leadPanelState = newOpen
    ? ({ mode: 'new' } as const)
    : link.lead
      ? ({ mode: 'edit', id: link.lead.id, resolving: link.lead.resolving } as const)
      : null;
  const leadPanelMounted = useWantedOnce(leadPanelState !== null);
  const clientPanelMounted = useWantedOnce(link.clientId !== null);
  const preloadPanels = () => {
    void leadPanel.preload();
    void clientPanel.preload();
  };

  const refresh = async () => {
    const results = await Promise.all([
      tab === 'clients' ? clients.refetch() : leads.refetch(),
      tabCounts.refetch(),
      tab === 'clients' ? clientOptions.refetch() : leadOptions.refetch(),
    ]);
    await queryClient.refetchQueries({ queryKey: ['record'], type: 'active' });
    if (results.some((r) => r.isError)) notifications.show({ color: 'red', message: 'Failed to refresh data' });
    else notifications.show({ color: 'green', message: 'Data refreshed successfully' });
  };

  const sortFor = (fields: readonly string[]) => parseSort(sortString, fields, 'createdAt');
  const onSort = (current: { field: string; direction: 'asc' | 'desc' }) => (field: string) => {
    const direction =
      current.field === field && current.direction === 'asc'
        ? 'desc'
        : current.field === field
          ? 'asc'
          : field === 'createdAt'
            ? 'desc'
            : 'asc';
    setSearch({ sort: `${field}:${direction}`, ...FIRST_PAGE });
  };

  /** Each tab has its own statuses, sort fields and filter values: a switch keeps only the search text. */
  const changeTab = (next: string | null) =>
    setSearch({
      tab: (next as ListTab | null) ?? undefined,
      status: undefined,
      location: undefined,
      desiredVisa: undefined,
      unassigned: undefined,
      sort: undefined,
      ...FIRST_PAGE,
    });

  const filtered = hasActiveFilters(search);
  const clearFilters = () =>
    setSearch({
      search: undefined,
      status: undefined,
      location: undefined,
      desiredVisa: undefined,
      unassigned: undefined,
      ...FIRST_PAGE,
    });
  const pageProps = {
    navigation,
    pageSize,
    pageSizes: pageSizeChoices(role),
    onNavigate: (next: ListNavigation) => setSearch(next),
    onPageSize: (n: number) => setSearch({ pageSize: n !== DEFAULT_PAGE_SIZE ? n : undefined, ...FIRST_PAGE }),
    filtered,
    onClearFilters: clearFilters,
  };
  const fetching = (list: { isFetching: boolean; isPending: boolean }) => list.isFetching && !list.isPending;

  return (
    <>
      <PageHeader
        title="Leads and Clients"
        subtitle={<RoleBadge role={role} />}
        actions={
          <>
            {tab === 'leads' ? (
              <Button
                variant={search.unassigned ? 'light' : 'default'}
                leftSection={<IconUserQuestion size={16} />}
                onClick={() => setSearch({ unassigned: search.unassigned ? undefined : true, ...FIRST_PAGE })}
                aria-pressed={Boolean(search.unassigned)}
              >
                Unassigned
              </Button>
            ) : null}
            <Button
              variant={search.showHidden ? 'light' : 'default'}
              leftSection={search.showHidden ? <IconEyeOff size={16} /> : <IconEye size={16} />}
              onClick={() => setSearch({ showHidden: search.showHidden ? undefined : true, ...FIRST_PAGE })}
              aria-pressed={Boolean(search.showHidden)}
            >
              {search.showHidden ? 'Hide Hidden' : 'Show Hidden'}
            </Button>
            {tab !== 'records' && can(`${tab}:export`) ? (
              <ExportMenu
                list={tab}
                filters={{
                  search: search.search,
                  status: only(search.status, tab === 'leads' ? LEAD_STATUSES : CLIENT_STATUSES),
                  location: search.location,
                  desiredVisa: search.desiredVisa,
                  showHidden: search.showHidden,
                  ...(tab === 'leads' ? { unassigned: search.unassigned } : {}),
                }}
              />
            ) : null}
            <Button
              variant="default"
              leftSection={<IconRefresh size={16} />}
              onClick={() => void refresh()}
              loading={
                (leads.isRefetching && !leads.isPlaceholderData) || (clients.isRefetching && !clients.isPlaceholderData)
              }
            >
              Refresh
            </Button>
          </>
        }
      />

      <Card withBorder padding={0} radius="md" onPointerEnter={preloadPanels} onFocusCapture={preloadPanels}>
        <LeadsFilterBar
          tab={tab}
          search={search}
          options={options}
          onChange={(patch) => setSearch({ ...patch, ...FIRST_PAGE }, { replace: 'search' in patch })}
          canCreate={can('leads:create')}
          onAdd={() => setNewOpen(true)}
        />
        <Tabs value={tab} onChange={changeTab} keepMounted={false}>
          {/* The loader sits beside the tab list, not in it: a tablist may only hold tabs. */}
          <Group gap="xs" wrap="nowrap" px="sm" align="center">
            <Tabs.List style={{ flex: 1 }}>
              <Tabs.Tab value="leads" {...tabSpacing}>
                Leads ({tabCountLabel(tabCounts.data?.leads)})
              </Tabs.Tab>
              <Tabs.Tab value="clients" {...tabSpacing}>
                Clients ({tabCountLabel(tabCounts.data?.clients)})
              </Tabs.Tab>
              <Tabs.Tab
                value="records"
                {...tabSpacing}
                onPointerEnter={() => void recordsTab.preload()}
                onFocus={() => void recordsTab.preload()}
              >
                All Records
              </Tabs.Tab>
            </Tabs.List>
            {fetching(tab === 'clients' ? clients : leads) ? (
              <Loader size={14} role="status" aria-label="Updating" />
            ) : null}
          </Group>

          <Tabs.Panel value="leads">
            <LeadsTab
              list={leads}
              sort={sortFor(LEAD_SORT_FIELDS)}
              onSort={onSort(sortFor(LEAD_SORT_FIELDS))}
              {...pageProps}
              onOpen={(lead) => link.open(lead.id, 'lead')}
              onAdd={() => setNewOpen(true)}
            />
          </Tabs.Panel>

          <Tabs.Panel value="clients">
            <ClientsTab
              list={clients}
              sort={sortFor(CLIENT_SORT_FIELDS)}
              onSort={onSort(sortFor(CLIENT_SORT_FIELDS))}
              {...pageProps}
              onOpen={(client) => link.open(client.id, 'client')}
            />
          </Tabs.Panel>
          <Tabs.Panel value="records">
            <Suspense fallback={<PageLoader />}>
              <RecordsTab search={search} onNavigate={setSearch} />
            </Suspense>
          </Tabs.Panel>
        </Tabs>
      </Card>

      {leadPanelMounted ? (
        <Suspense fallback={null}>
          <OpenAfterMount open={leadPanelState !== null}>
            {(open) => (
              <LeadPanel
                state={open ? leadPanelState : null}
                onClose={() => {
                  setNewOpen(false);
                  if (search.view) link.close();
                }}
                onCreated={() => setNewOpen(false)}
                tab={link.panelTab}
                onTabChange={link.setPanelTab}
                onOpenClient={(id) => link.open(id, 'client')}
                onConverting={link.keepLeadShown}
              />
            )}
          </OpenAfterMount>
        </Suspense>
      ) : null}
      {clientPanelMounted ? (
        <Suspense fallback={null}>
          <OpenAfterMount open={link.clientId !== null}>
            {(open) => (
              <ClientPanel
                clientId={open ? link.clientId : null}
                tab={link.panelTab}
                onTabChange={link.setPanelTab}
                onClose={link.close}
                onOpenLead={(id) => link.open(id, 'lead', { asIs: true })}
              />
            )}
          </OpenAfterMount>
        </Suspense>
      ) : null}
    </>
  );
}
