// Administration → User Management (spec 3 §2.4): the cards, search, the users table with each user's
// actions, Bulk Actions, Add User and Export Users. What each role may do follows spec 3 §6, and whom it
// may do it to the domain's rank rule (mayManageUser); the server refuses the rest in the same words.
import {
  ActionIcon,
  Avatar,
  Button,
  Card,
  Checkbox,
  EmptyState,
  Group,
  Loader,
  Menu,
  SimpleGrid,
  Skeleton,
  Table,
  Text,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconDots,
  IconDownload,
  IconEye,
  IconKey,
  IconPencil,
  IconPlayerPause,
  IconPlayerPlay,
  IconRefresh,
  IconShieldCog,
  IconTrash,
  IconMailForward,
  IconUserPlus,
  IconUsers,
} from '@tabler/icons-react';
import { useState } from 'react';
import {
  type AdminUser,
  BADGE_COLOURS,
  filledBadge,
  fullName,
  initials,
  mayManageUser,
  ROLE_LABELS,
  type UserBulkAction,
  type UserManagementAction,
  type UserStatistics,
  USER_STATUS_LABELS,
  type UserStatus,
} from '@crm/domain';
import { CollapsibleStatistics } from '../../../components/collapsible-statistics.tsx';
import { ListFooter } from '../../../components/list-footer.tsx';
import { SearchBox } from '../../../components/search-box.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { NoMatchesState } from '../../../components/no-matches-state.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useAuthorization } from '../../../lib/authorization.ts';
import { useDateFormat } from '../../../lib/format.ts';
import { useListPaging } from '../../../lib/use-list-paging.ts';
import { usePhoneLayout } from '../../../lib/use-phone-layout.ts';
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

/** Deep shades under white text (4.5:1 in both themes), as every status badge. */
const STATUS_COLORS: Record<UserStatus, string> = {
  active: BADGE_COLOURS.green,
  suspended: BADGE_COLOURS.red,
  inactive: BADGE_COLOURS.grey,
  pending: BADGE_COLOURS.amber,
};

const CARDS: { title: string; value: (s: UserStatistics) => number }[] = [
  { title: 'Total', value: (s) => s.total },
  { title: 'Active', value: (s) => s.active },
  { title: 'Inactive', value: (s) => s.inactive + s.suspended },
  { title: 'Pending', value: (s) => s.pending },
  { title: 'Administrators', value: (s) => s.administrators },
  { title: 'Members', value: (s) => s.members },
];

type Dialog = 'details' | 'edit' | 'role' | 'status' | 'reset' | 'delete';

export function UsersTab() {
  const { can, role, user: me } = useAuthorization();
  const { formatDate, formatTime, today } = useDateFormat();
  // On a phone: name and status first; the role moves under the email and Last Login stays in the details.
  const phone = usePhoneLayout();
  const mayEdit = can('admin:edit');
  const mayManage = can('admin:manage_users');

  const [search, setSearch] = useState<string | undefined>(undefined);
  const paging = useListPaging();
  const list = useUserList({ search, ...paging.params });
  const statistics = useUserStatistics();
  const bulk = useBulkUsers();

  const [adding, setAdding] = useState<'user' | 'invitation' | null>(null);
  const [dialog, setDialog] = useState<{ kind: Dialog; user: AdminUser } | null>(null);
  const [bulkMode, setBulkMode] = useState(false);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [confirmBulk, setConfirmBulk] = useState<UserBulkAction | null>(null);
  const [exporting, setExporting] = useState(false);

  const page = list.data;
  const items = page?.items ?? [];
  const open = (kind: Dialog, user: AdminUser) => setDialog({ kind, user });
  const dialogUser = (kind: Dialog) => (dialog?.kind === kind ? dialog.user : null);
  const closeDialog = () => setDialog(null);
  const when = (value: string | null) => (value ? `${formatDate(value)} ${formatTime(value)}` : 'Never');
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
        <Group
          gap="sm"
          p="sm"
          justify="space-between"
          wrap="wrap"
          style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
        >
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
            {list.isFetching && !list.isPending ? <Loader size={14} role="status" aria-label="Updating" /> : null}
          </Group>
          <Group gap="xs" wrap="wrap">
            <Button
              variant="default"
              leftSection={<IconRefresh size={16} />}
              onClick={() => void refresh()}
              loading={list.isRefetching && !list.isPlaceholderData}
            >
              Refresh
            </Button>
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
        </Group>

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
            <Table.ScrollContainer minWidth={phone ? 0 : 720}>
              <Table verticalSpacing="sm" highlightOnHover aria-label="Users">
                <Table.Thead>
                  <Table.Tr>
                    {bulkMode ? (
                      <Table.Th w={40}>
                        <Checkbox
                          aria-label="Select all users on this page"
                          checked={items.length > 0 && items.every((u) => selected.has(u.id))}
                          indeterminate={
                            items.some((u) => selected.has(u.id)) && !items.every((u) => selected.has(u.id))
                          }
                          onChange={(e) =>
                            setSelected(e.currentTarget.checked ? new Set(items.map((u) => u.id)) : new Set())
                          }
                        />
                      </Table.Th>
                    ) : null}
                    <Table.Th>User</Table.Th>
                    {phone ? null : <Table.Th>Role</Table.Th>}
                    <Table.Th>Status</Table.Th>
                    {phone ? null : <Table.Th>Last Login</Table.Th>}
                    <Table.Th w={64}>
                      <span className="mantine-visually-hidden">Actions</span>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.isPending
                    ? Array.from({ length: 5 }, (_, i) => (
                        <Table.Tr key={i}>
                          <Table.Td colSpan={(bulkMode ? 6 : 5) - (phone ? 2 : 0)}>
                            <Skeleton height={28} radius="sm" />
                          </Table.Td>
                        </Table.Tr>
                      ))
                    : items.map((user) => (
                        <Table.Tr key={user.id} aria-label={fullName(user)}>
                          {bulkMode ? (
                            <Table.Td>
                              <Checkbox
                                aria-label={`Select ${fullName(user)}`}
                                checked={selected.has(user.id)}
                                onChange={() => toggle(user.id)}
                              />
                            </Table.Td>
                          ) : null}
                          {/* On a phone the name cell takes what is left and truncates, so status and actions stay in view. */}
                          <Table.Td style={phone ? { maxWidth: 0, width: '100%' } : undefined}>
                            <Group gap="sm" wrap="nowrap">
                              <Avatar radius="xl" size={34} color="brand" aria-hidden>
                                {initials(user)}
                              </Avatar>
                              <div style={{ minWidth: 0 }}>
                                <Text size="sm" fw={600} truncate>
                                  {fullName(user)}
                                  {user.id === me?.id ? (
                                    <Text span size="xs" c="dimmed">
                                      {' '}
                                      (you)
                                    </Text>
                                  ) : null}
                                </Text>
                                <Text size="xs" c="dimmed" truncate>
                                  {user.email}
                                </Text>
                                {phone ? (
                                  <Text size="xs" c="dimmed">
                                    {ROLE_LABELS[user.role]}
                                  </Text>
                                ) : null}
                              </div>
                            </Group>
                          </Table.Td>
                          {phone ? null : (
                            <Table.Td>
                              <StatusBadge look={{ variant: 'default' }}>{ROLE_LABELS[user.role]}</StatusBadge>
                            </Table.Td>
                          )}
                          <Table.Td style={phone ? { minWidth: 96 } : undefined}>
                            <StatusBadge look={filledBadge(STATUS_COLORS[user.status])}>
                              {USER_STATUS_LABELS[user.status]}
                            </StatusBadge>
                          </Table.Td>
                          {phone ? null : (
                            <Table.Td>
                              <Text size="sm" c={user.lastLoginAt ? undefined : 'dimmed'}>
                                {when(user.lastLoginAt)}
                              </Text>
                            </Table.Td>
                          )}
                          <Table.Td>
                            <Menu position="bottom-end" withinPortal>
                              <Menu.Target>
                                <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${fullName(user)}`}>
                                  <IconDots size={18} />
                                </ActionIcon>
                              </Menu.Target>
                              <Menu.Dropdown>
                                <Menu.Item leftSection={<IconEye size={16} />} onClick={() => open('details', user)}>
                                  View Details
                                </Menu.Item>
                                {allows(user, 'edit') ? (
                                  <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => open('edit', user)}>
                                    Edit User
                                  </Menu.Item>
                                ) : null}
                                {allows(user, 'change_role') ? (
                                  <Menu.Item
                                    leftSection={<IconShieldCog size={16} />}
                                    onClick={() => open('role', user)}
                                  >
                                    Manage Role
                                  </Menu.Item>
                                ) : null}
                                {user.status !== 'pending' &&
                                allows(user, user.status === 'active' ? 'suspend' : 'activate') ? (
                                  <Menu.Item
                                    leftSection={
                                      user.status === 'active' ? (
                                        <IconPlayerPause size={16} />
                                      ) : (
                                        <IconPlayerPlay size={16} />
                                      )
                                    }
                                    onClick={() => open('status', user)}
                                  >
                                    {user.status === 'active' ? 'Suspend User' : 'Activate User'}
                                  </Menu.Item>
                                ) : null}
                                {allows(user, 'reset_password') ? (
                                  <Menu.Item leftSection={<IconKey size={16} />} onClick={() => open('reset', user)}>
                                    Reset Password
                                  </Menu.Item>
                                ) : null}
                                {allows(user, 'delete') ? (
                                  <Menu.Item
                                    color="red"
                                    leftSection={<IconTrash size={16} />}
                                    onClick={() => open('delete', user)}
                                  >
                                    Delete User
                                  </Menu.Item>
                                ) : null}
                              </Menu.Dropdown>
                            </Menu>
                          </Table.Td>
                        </Table.Tr>
                      ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
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
