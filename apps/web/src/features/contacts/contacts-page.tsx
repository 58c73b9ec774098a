// /contacts: the archive of leads (spec 2 "Contacts page"). Search and page live in the URL; the
// server searches, paginates and scopes the list (guest at most 20, consultant its own).
import { Button, Card, CloseButton, EmptyState, Group, Loader, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconAddressBook, IconRefresh, IconSearch } from '@tabler/icons-react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import {
  CONTACT_MESSAGES,
  type ContactRecord,
  pageSizeLimit,
  RESTORE_PERMISSION,
  RESTORE_TYPES,
  ROLE_LABELS,
} from '@crm/domain';
import { ListFooterBar, ListPagination } from '../../components/list-footer.tsx';
import { ListLoadError } from '../../components/list-load-error.tsx';
import { NoMatchesState } from '../../components/no-matches-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { RoleBadge } from '../../components/role-badge.tsx';
import { useAuthorization } from '../../lib/authorization.ts';
import { pageName, useDocumentTitle } from '../../lib/use-document-title.ts';
import { useContactList } from './api/contact-list.ts';
import { useContactStatistics } from './api/contact-statistics.ts';
import { ContactStatisticsCards } from './components/contact-statistics-cards.tsx';
import { ContactsTable } from './components/contacts-table.tsx';
import { RestoreContactDialog } from './components/restore-contact-dialog.tsx';
import { notify } from './notify.ts';
import { CONTACTS_PAGE_SIZE, type ContactsSearch, contactsSearchSchema } from './contacts-search.ts';

const SEARCH_DEBOUNCE_MS = 300;

export function ContactsPage() {
  useDocumentTitle(pageName('/contacts'));
  const { role, can } = useAuthorization();
  const navigate = useNavigate();
  // The route is declared with the shared page helper (no validateSearch): the raw params are read
  // here through this page's own schema, which drops anything it does not know.
  const search = contactsSearchSchema.parse(useSearch({ strict: false }));
  const setSearch = (patch: Partial<ContactsSearch>, replace = false) =>
    void navigate({ to: '/contacts', search: { ...search, ...patch } as Record<string, unknown>, replace });

  const [text, setText] = useState(search.search ?? '');
  const commit = useDebouncedCallback(
    (value: string) => setSearch({ search: value.trim() || undefined, page: undefined }, true),
    SEARCH_DEBOUNCE_MS,
  );
  // The URL changed from elsewhere (back button, 'Clear search'): follow it.
  useEffect(() => {
    setText((current) => (current.trim() === (search.search ?? '') ? current : (search.search ?? '')));
  }, [search.search]);

  const pageSize = Math.min(CONTACTS_PAGE_SIZE, pageSizeLimit(role, 'contacts'));
  const list = useContactList({ search: search.search, page: search.page ?? 1, pageSize });
  const statistics = useContactStatistics();
  const [restoring, setRestoring] = useState<ContactRecord | null>(null);
  const canRestore = can('contacts:edit') && RESTORE_TYPES.some((type) => can(RESTORE_PERMISSION[type]));

  const refresh = async () => {
    const [a, b] = await Promise.all([list.refetch(), statistics.refetch()]);
    if (a.isError || b.isError) notify('red', 'Failed to refresh data');
    else notify('green', 'Data refreshed successfully');
  };

  const page = list.data;
  const total = page?.total ?? 0;
  const totalAll = page?.totalAll ?? 0;
  const effectivePageSize = page?.pageSize ?? pageSize;
  const currentPage = page?.page ?? search.page ?? 1;
  const pages = Math.max(1, Math.ceil(total / effectivePageSize));
  const searching = Boolean(search.search?.trim());

  // Restores (here or elsewhere) can empty the last page: step back to the last one that exists.
  const pastTheEnd = Boolean(page && page.items.length === 0 && total > 0 && currentPage > pages);
  useEffect(() => {
    if (pastTheEnd) setSearch({ page: pages === 1 ? undefined : pages }, true);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- setSearch is rebuilt each render; the step depends only on these
  }, [pastTheEnd, pages]);

  return (
    <>
      <PageHeader
        title="Contacts"
        subtitle={<RoleBadge role={role} />}
        actions={
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} />}
            onClick={() => void refresh()}
            loading={list.isRefetching && !list.isPlaceholderData}
          >
            Refresh
          </Button>
        }
      />

      <ContactStatisticsCards statistics={statistics.data} failed={statistics.isError} />

      <Card withBorder padding={0} radius="md">
        <Group
          gap="sm"
          p="sm"
          justify="space-between"
          wrap="wrap"
          style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
        >
          <TextInput
            aria-label="Search contacts"
            placeholder="Search by name, email, contact number..."
            leftSection={<IconSearch size={16} />}
            value={text}
            style={{ flex: '1 1 260px', maxWidth: 420 }}
            onChange={(e) => {
              setText(e.currentTarget.value);
              commit(e.currentTarget.value);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter') commit.flush();
            }}
            rightSection={
              text ? (
                <CloseButton
                  size="sm"
                  aria-label="Clear search"
                  onClick={() => {
                    commit.cancel();
                    setText('');
                    setSearch({ search: undefined, page: undefined }, true);
                  }}
                />
              ) : null
            }
          />
          <Group gap="xs">
            {list.isFetching && !list.isPending ? <Loader size={14} role="status" aria-label="Updating" /> : null}
            <Text size="sm" c="dimmed" aria-live="polite" data-testid="contacts-count">
              {list.isPending
                ? 'Loading…'
                : `${total.toLocaleString('en-AU')} of ${totalAll.toLocaleString('en-AU')} contacts`}
            </Text>
          </Group>
        </Group>

        {list.isError ? (
          <ListLoadError error={list.error} role={ROLE_LABELS[role]} onRetry={() => void list.refetch()} />
        ) : !list.isPending && total === 0 ? (
          searching ? (
            <NoMatchesState
              title={CONTACT_MESSAGES.noMatches}
              description="Try another name, email or contact number."
              clear={{
                label: 'Clear search',
                onClick: () => {
                  setText('');
                  setSearch({ search: undefined, page: undefined });
                },
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
            {pages > 1 ? (
              <ListFooterBar justify="flex-end">
                <ListPagination
                  total={pages}
                  value={Math.min(currentPage, pages)}
                  onChange={(p) => setSearch({ page: p === 1 ? undefined : p })}
                />
              </ListFooterBar>
            ) : null}
          </>
        )}
      </Card>

      <RestoreContactDialog contact={restoring} onClose={() => setRestoring(null)} />
    </>
  );
}
