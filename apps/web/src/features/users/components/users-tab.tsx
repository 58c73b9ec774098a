// Administration → User Management (spec 3 §2.4): the cards, search, the users table with each user's
// actions, Bulk Actions, Add User and Export Users. What each role may do follows spec 3 §6, and whom it
// may do it to the domain's rank rule (mayManageUser); the server refuses the rest in the same words.
import { Button, Card, EmptyState, Group, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconMailForward, IconUserPlus, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import {
  type AdminUser,
  mayManageUser,
  type UserBulkAction,
  type UserManagementAction,
  type UserStatistics,
} from '@crm/domain';
import { CollapsibleStatistics } from '../../../components/collapsible-statistics.tsx';
import { ListFooter } from '../../../components/list-footer.tsx';
import { ListToolbar, ListUpdating, RefreshButton } from '../../../components/list-toolbar.tsx';
import { SearchBox } from '../../../components/search-box.tsx';
import { NoMatchesState } from '../../../components/no-matches-state.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useAuthorization } from '../../../lib/authorization.ts';
import { useDateFormat } from '../../../lib/format.ts';
import { useListPaging } from '../../../lib/use-list-paging.ts';
import { exportUsers, useBulkUsers, useUserList, useUserStatistics } from '../api/user-admin.ts';
import {
  AddUserDialog,
  DeleteUserDialog,
  EditUserDialog,
  ManageRoleDialog,
  ResetPasswordDialog,
  UserDetailsDialog,
  UserStatusDialog,
} from './user-dialogs.tsx';
import { type UserDialog, UserTable } from './user-table.tsx';

const CARDS: { title: string; value: (s: UserStatistics) => number }[] = [
  { title: 'Total', value: (s) => s.total },
  { title: 'Active', value: (s) => s.active },
  { title: 'Inactive', value: (s) => s.inactive + s.suspended },
  { title: 'Pending', value: (s) => s.pending },
  { title: 'Administrators', value: (s) => s.administrators },
  { title: 'Members', value: (s) => s.members },
];

export function UsersTab() {
  const { can, role, user: me } = useAuthorization();
  const { today } = useDateFormat();
  const mayEdit = can('admin:edit');
  const mayManage = can('admin:manage_users');

  const [search, setSearch] = useState<string | undefined>(undefined);
  const paging = useListPaging();
  const list = useUserList({ search, ...paging.params });
  const statistics = useUserStatistics();
  const bulk = useBulkUsers();

  const [adding, setAdding] = useState<'user' | 'invitation' | null>(null);
  const [dialog, setDialog] = useState<{ kind: UserDialog; user: AdminUser } | null>(null);
  const [bulkMode, setBulkMode] = useState(false);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [confirmBulk, setConfirmBulk] = useState<UserBulkAction | null>(null);
  const [exporting, setExporting] = useState(false);

  const page = list.data;
  const items = page?.items ?? [];
  const open = (kind: UserDialog, user: AdminUser) => setDialog({ kind, user });
  const dialogUser = (kind: UserDialog) => (dialog?.kind === kind ? dialog.user : null);
  const closeDialog = () => setDialog(null);
  // The route's permission (spec 3 §6) and the rank rule (issue 28), as the server checks them.
  const allows = (user: AdminUser, action: UserManagementAction) =>
    me !== null && (action === 'delete' ? mayManage : mayEdit) && mayManageUser({ id: me.id, role }, user, action);

  const refresh = async () => {
    const [a, b] = await Promise.all([list.refetch(), statistics.refetch()]);
    notifications.show(
      a.isError || b.isError
        ? { color: 'red', message: 'Failed to refresh user data' }
        : { color: 'green', message: 'User data refreshed successfully' },
    );
  };

  const runBulk = (action: UserBulkAction) =>
    bulk.mutate(
      { action, ids: [...selected] },
      {
        onSuccess: (result) => {
          // Spec 3 §8's counts, each refusal's reason after them so the administrator knows what to fix.
          const failed = result.skipped.length;
          const reasons = [...new Set(result.skipped.map((s) => s.reason))].join('; ');
          notifications.show({
            color: failed ? 'yellow' : 'green',
            message:
              (action === 'delete'
                ? `Successfully deleted ${result.done} users`
                : `Updated ${result.done} users successfully`) +
              (failed === 0
                ? ''
                : action === 'delete'
                  ? `; ${failed} deletions failed: ${reasons}`
                  : `; ${failed} users failed to update: ${reasons}`),
          });
          setSelected(new Set());
          setConfirmBulk(null);
        },
        onError: (error) => {
          notifications.show({ color: 'red', message: isApiError(error) ? error.message : 'Bulk update failed' });
          setConfirmBulk(null);
        },
      },
    );

  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const selectAll = (all: boolean) => setSelected(all ? new Set(items.map((u) => u.id)) : new Set());

  const noRows = page !== undefined && items.length === 0 && page.prevCursor === null;
  const total = statistics.data?.total;

  return (
    <>
      <CollapsibleStatistics
        label="User statistics"
        summary={total !== undefined ? `${total.toLocaleString('en-AU')} users` : undefined}
        mb="md"
      >
        <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} spacing="xs">
          {CARDS.map((card) => (
            <Card key={card.title} withBorder padding="sm" radius="md" component="section" aria-label={card.title}>
              <Text size="xs" fw={600} c="dimmed">
                {card.title}
              </Text>
              {statistics.data ? (
                <Text fz={22} fw={700} lh={1.2} mt={2} data-testid={`users-stat-${card.title}`}>
                  {card.value(statistics.data).toLocaleString('en-AU')}
                </Text>
              ) : (
                <Skeleton height={22} width="50%" mt={4} radius="sm" />
              )}
            </Card>
          ))}
        </SimpleGrid>
      </CollapsibleStatistics>

      <Card withBorder padding={0} radius="md">
        <ListToolbar>
          <Group gap="sm" wrap="wrap" style={{ flex: '1 1 320px' }}>
            <Text fw={600}>User Management{total !== undefined ? ` (${total.toLocaleString('en-AU')})` : ''}</Text>
            <SearchBox
              label="Search users"
              placeholder="Search by name or email..."
              value={search}
              onSearch={(value) => {
                setSearch(value);
                paging.restart();
              }}
            />
            <ListUpdating list={list} />
          </Group>
          <Group gap="xs" wrap="wrap">
            <RefreshButton onClick={() => void refresh()} loading={list.isRefetching && !list.isPlaceholderData} />
            {mayManage ? (
              <>
                <Button
                  variant="default"
                  leftSection={<IconDownload size={16} />}
                  loading={exporting}
                  onClick={() => {
                    setExporting(true);
                    exportUsers(today())
                      .then(() => notifications.show({ color: 'green', message: 'Users exported successfully' }))
                      .catch((error: unknown) =>
                        notifications.show({
                          color: 'red',
                          message: isApiError(error) ? error.message : 'Export failed',
                        }),
                      )
                      .finally(() => setExporting(false));
                  }}
                >
                  Export Users
                </Button>
                <Button
                  variant={bulkMode ? 'light' : 'default'}
                  onClick={() => {
                    setBulkMode((on) => !on);
                    setSelected(new Set());
                  }}
                  aria-pressed={bulkMode}
                >
                  Bulk Actions
                </Button>
                <Button
                  variant="default"
                  leftSection={<IconMailForward size={16} />}
                  onClick={() => setAdding('invitation')}
                >
                  Invite User
                </Button>
                <Button leftSection={<IconUserPlus size={16} />} onClick={() => setAdding('user')}>
                  Add User
                </Button>
              </>
            ) : null}
          </Group>
        </ListToolbar>

        {mayManage ? (
          // Spec 3 §6 lists import and bulk email as 'coming soon'; the product says so in words (decision 0035).
          <Text size="xs" c="dimmed" px="sm" pt="xs">
            Importing users and bulk email are not offered: add each user with Add User or Invite User.
          </Text>
        ) : null}
        {bulkMode && selected.size > 0 ? (
          <Group
            gap="sm"
            p="sm"
            bg="var(--mantine-color-blue-light)"
            role="region"
            aria-label="Bulk actions"
            style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
          >
            <Text size="sm" fw={600}>
              {selected.size} user(s) selected
            </Text>
            <Button size="xs" variant="subtle" onClick={() => setSelected(new Set())}>
              Clear
            </Button>
            <Button
              size="xs"
              color="green"
              variant="light"
              onClick={() => runBulk('activate')}
              loading={bulk.isPending}
            >
              Activate
            </Button>
            <Button
              size="xs"
              color="orange"
              variant="light"
              onClick={() => runBulk('suspend')}
              loading={bulk.isPending}
            >
              Suspend
            </Button>
            {confirmBulk === 'delete' ? (
              <Group gap="xs">
                <Text size="sm">Delete {selected.size} user(s)? Their records are left Unassigned.</Text>
                <Button size="xs" color="red" onClick={() => runBulk('delete')} loading={bulk.isPending}>
                  Confirm Delete
                </Button>
                <Button size="xs" variant="default" onClick={() => setConfirmBulk(null)}>
                  Cancel
                </Button>
              </Group>
            ) : (
              <Button size="xs" color="red" variant="light" onClick={() => setConfirmBulk('delete')}>
                Delete
              </Button>
            )}
          </Group>
        ) : null}

        {list.isError ? (
          <EmptyState py={48} title="Error loading users. Please try again." description={list.error.message}>
            <Button variant="light" mt="md" onClick={() => void list.refetch()}>
              Retry
            </Button>
          </EmptyState>
        ) : !list.isPending && noRows ? (
          search ? (
            <NoMatchesState
              title="No users found"
              description={`No users match "${search}". Try adjusting your search.`}
              clear={{
                label: 'Clear search',
                onClick: () => setSearch(undefined),
              }}
            />
          ) : (
            <EmptyState
              py={48}
              icon={<IconUsers size={28} />}
              title="No users found"
              description={mayManage ? 'Add a new user to get started.' : 'No users available.'}
            />
          )
        ) : (
          <>
            <UserTable
              users={items}
              loading={list.isPending}
              me={me?.id}
              selection={bulkMode ? { selected, onToggle: toggle, onToggleAll: selectAll } : null}
              allows={allows}
              onOpen={open}
            />
            <ListFooter page={page} loading={list.isPending} {...paging} />
          </>
        )}
      </Card>

      <AddUserDialog opened={adding !== null} invite={adding === 'invitation'} onClose={() => setAdding(null)} />
      <UserDetailsDialog user={dialogUser('details')} onClose={closeDialog} />
      <EditUserDialog user={dialogUser('edit')} onClose={closeDialog} />
      <ManageRoleDialog user={dialogUser('role')} onClose={closeDialog} />
      <UserStatusDialog user={dialogUser('status')} onClose={closeDialog} />
      <ResetPasswordDialog user={dialogUser('reset')} onClose={closeDialog} />
      <DeleteUserDialog user={dialogUser('delete')} onClose={closeDialog} />
    </>
  );
}
