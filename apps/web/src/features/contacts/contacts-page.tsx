// /contacts: the archive of leads (spec 2 "Contacts page"). Search and page live in the URL; the
// server searches, paginates and scopes the list (guest at most 20, consultant its own).
import { Card, EmptyState, Group, Text } from '@mantine/core';
import { IconAddressBook } from '@tabler/icons-react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import {
  CONTACT_MESSAGES,
  type ContactRecord,
  pageSizeChoices,
  pageSizeFor,
  RESTORE_PERMISSION,
  RESTORE_TYPES,
  ROLE_LABELS,
} from '@crm/domain';
import { ExportMenu } from '../../components/export-menu.tsx';
import { ListFooter, navigationOf } from '../../components/list-footer.tsx';
import { ListLoadError } from '../../components/list-load-error.tsx';
import { ListToolbar, ListUpdating, RefreshButton } from '../../components/list-toolbar.tsx';
import { NoMatchesState } from '../../components/no-matches-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { RoleBadge } from '../../components/role-badge.tsx';
import { SearchBox } from '../../components/search-box.tsx';
import { useAuthorization } from '../../lib/authorization.ts';
import { FIRST_PAGE, navigationParams, totalLabel } from '../../lib/list-navigation.ts';
import { pageName, useDocumentTitle } from '../../lib/use-document-title.ts';
import { useContactList } from './api/contact-list.ts';
import { useContactStatistics } from './api/contact-statistics.ts';
import { ContactStatisticsCards } from './components/contact-statistics-cards.tsx';
import { ContactsTable } from './components/contacts-table.tsx';
import { RestoreContactDialog } from './components/restore-contact-dialog.tsx';
import { notify } from './notify.ts';
import { type ContactsSearch, contactsSearchSchema } from './contacts-search.ts';

export function ContactsPage() {
  useDocumentTitle(pageName('/contacts'));
  const { role, can } = useAuthorization();
  const navigate = useNavigate();
  // The route is declared with the shared page helper (no validateSearch): the raw params are read
  // here through this page's own schema, which drops anything it does not know.
  const search = contactsSearchSchema.parse(useSearch({ strict: false }));
  const setSearch = (patch: Partial<ContactsSearch>, replace = false) =>
    void navigate({ to: '/contacts', search: { ...search, ...patch } as Record<string, unknown>, replace });

  // The default page, or the role's smaller limit (guest 20, spec 2 §6).
  const pageSizes = pageSizeChoices(role, 'contacts');
  const pageSize = pageSizeFor(role, search.pageSize, 'contacts');
  const navigation = navigationOf(search);
  const list = useContactList({ search: search.search, ...navigationParams(navigation), pageSize });
  const statistics = useContactStatistics();
  const [restoring, setRestoring] = useState<ContactRecord | null>(null);
  const canRestore = can('contacts:edit') && RESTORE_TYPES.some((type) => can(RESTORE_PERMISSION[type]));

  const refresh = async () => {
    const [a, b] = await Promise.all([list.refetch(), statistics.refetch()]);
    if (a.isError || b.isError) notify('red', 'Failed to refresh data');
    else notify('green', 'Data refreshed successfully');
  };

  const page = list.data;
  const searching = Boolean(search.search?.trim());
  // No rows on the first page: nothing to list (a later page emptied meanwhile keeps its way back).
  const noRows = page !== undefined && page.items.length === 0 && page.prevCursor === null;
  // 'x of y contacts': y is every contact the user can list; a search shows how many it found on its
  // pages without counting beyond them ('50+' when more follow).
  const found = page
    ? page.total !== null
      ? totalLabel(page)
      : `${page.items.length.toLocaleString('en-AU')}${page.nextCursor ? '+' : ''}`
    : '';
  const all = page ? totalLabel({ total: page.totalAll, totalCapped: page.totalAllCapped }) : '';

  return (
    <>
      <PageHeader
        title="Contacts"
        subtitle={<RoleBadge role={role} />}
        actions={
          <>
            {can('contacts:export') ? <ExportMenu list="contacts" filters={{ search: search.search }} /> : null}
            <RefreshButton onClick={() => void refresh()} loading={list.isRefetching && !list.isPlaceholderData} />
          </>
        }
      />

      <ContactStatisticsCards statistics={statistics.data} failed={statistics.isError} />

      <Card withBorder padding={0} radius="md">
        <ListToolbar>
          <SearchBox
            label="Search contacts"
            placeholder="Search by name, email, contact number..."
            value={search.search}
            onSearch={(text) => setSearch({ search: text, ...FIRST_PAGE }, true)}
            maxWidth={420}
          />
          <Group gap="xs">
            <ListUpdating list={list} />
            <Text size="sm" c="dimmed" aria-live="polite" data-testid="contacts-count">
              {list.isPending ? 'Loading…' : `${found} of ${all} contacts`}
            </Text>
          </Group>
        </ListToolbar>

        {list.isError ? (
          <ListLoadError error={list.error} role={ROLE_LABELS[role]} onRetry={() => void list.refetch()} />
        ) : !list.isPending && noRows ? (
          searching ? (
            <NoMatchesState
              title={CONTACT_MESSAGES.noMatches}
              description="Try another name, email or contact number."
              clear={{
                label: 'Clear search',
                onClick: () => setSearch({ search: undefined, ...FIRST_PAGE }),
              }}
            />
          ) : (
            <EmptyState
              py={48}
              icon={<IconAddressBook size={28} />}
              title={CONTACT_MESSAGES.noContacts}
              description="Leads archived from the Leads and Clients screen appear here, ready to be restored."
            />
          )
        ) : (
          <>
            <ContactsTable
              items={page?.items ?? []}
              loading={list.isPending}
              canRestore={canRestore}
              onRestore={setRestoring}
            />
            <ListFooter
              page={page}
              loading={list.isPending}
              navigation={navigation}
              pageSize={pageSize}
              pageSizes={pageSizes}
              onNavigate={(next) => setSearch(next)}
              onPageSize={(n) => setSearch({ pageSize: n !== pageSizes[0] ? n : undefined, ...FIRST_PAGE })}
            />
          </>
        )}
      </Card>

      <RestoreContactDialog contact={restoring} onClose={() => setRestoring(null)} />
    </>
  );
}
