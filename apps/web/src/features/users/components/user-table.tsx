// The users table of User Management (spec 3 §2.4): User, Role, Status, Last Login and each user's menu, with
// the row checkboxes of Bulk Actions. On a phone the name and status stay; the role moves under the email and
// Last Login is left to View Details.
import { ActionIcon, Avatar, Checkbox, Group, Menu, Table, Text } from '@mantine/core';
import {
  IconDots,
  IconEye,
  IconKey,
  IconPencil,
  IconPlayerPause,
  IconPlayerPlay,
  IconShieldCog,
  IconTrash,
} from '@tabler/icons-react';
import {
  type AdminUser,
  BADGE_COLOURS,
  filledBadge,
  fullName,
  initials,
  ROLE_LABELS,
  type UserManagementAction,
  USER_STATUS_LABELS,
  type UserStatus,
} from '@crm/domain';
import { ListCell, type ListColumn, ListTable, useListLayout } from '../../../components/list-table/list-table.tsx';
import { SelectAllCheckbox } from '../../../components/list-table/select-all-checkbox.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { useDateFormat } from '../../../lib/format.ts';

/** Deep shades under white text (4.5:1 in both themes), as every status badge. */
const STATUS_COLORS: Record<UserStatus, string> = {
  active: BADGE_COLOURS.green,
  suspended: BADGE_COLOURS.red,
  inactive: BADGE_COLOURS.grey,
  pending: BADGE_COLOURS.amber,
};

const USER_COLUMNS: readonly ListColumn[] = [
  { key: 'user', label: 'User', skeletonWidth: '70%' },
  { key: 'role', label: 'Role', width: 190, minListWidth: 600 },
  // 'Suspended' in full.
  { key: 'status', label: 'Status', width: 110 },
  { key: 'lastLogin', label: 'Last Login', width: 180, minListWidth: 760 },
];

export type UserDialog = 'details' | 'edit' | 'role' | 'status' | 'reset' | 'delete';

type UserTableProps = {
  users: AdminUser[];
  loading: boolean;
  /** The id of the signed-in user, marked '(you)'. */
  me: string | undefined;
  /** Rows can be chosen while Bulk Actions is on. */
  selection: { selected: Set<string>; onToggle: (id: string) => void; onToggleAll: (all: boolean) => void } | null;
  /** Whether this user may take `action` on `user` (the route's permission and the rank rule). */
  allows: (user: AdminUser, action: UserManagementAction) => boolean;
  onOpen: (kind: UserDialog, user: AdminUser) => void;
};

export function UserTable({ users, loading, me, selection, allows, onOpen }: UserTableProps) {
  const all = users.length > 0 && users.every((u) => selection?.selected.has(u.id));
  return (
    <ListTable
      label="Users"
      columns={USER_COLUMNS}
      horizontalSpacing="sm"
      loading={loading}
      actions={{ width: 56, labelHidden: true }}
      selection={
        selection ? (
          <SelectAllCheckbox
            label="Select all users on this page"
            all={all}
            some={users.some((u) => selection.selected.has(u.id))}
            onToggleAll={selection.onToggleAll}
          />
        ) : undefined
      }
    >
      {users.map((user) => (
        <UserRow key={user.id} user={user} me={me} selection={selection} allows={allows} onOpen={onOpen} />
      ))}
    </ListTable>
  );
}

function UserRow({
  user,
  me,
  selection,
  allows,
  onOpen,
}: Omit<UserTableProps, 'users' | 'loading'> & { user: AdminUser }) {
  const { shows } = useListLayout();
  const { formatDate, formatTime } = useDateFormat();
  const name = fullName(user);
  return (
    <Table.Tr aria-label={name}>
      {selection ? (
        <Table.Td>
          <Checkbox
            aria-label={`Select ${name}`}
            checked={selection.selected.has(user.id)}
            onChange={() => selection.onToggle(user.id)}
          />
        </Table.Td>
      ) : null}
      <Table.Td>
        <Group gap="sm" wrap="nowrap">
          <Avatar radius="xl" size={34} color="brand" aria-hidden>
            {initials(user)}
          </Avatar>
          <div style={{ minWidth: 0 }}>
            <Text size="sm" fw={600} truncate>
              {name}
              {user.id === me ? (
                <Text span size="xs" c="dimmed">
                  {' '}
                  (you)
                </Text>
              ) : null}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {user.email}
            </Text>
            {shows('role') ? null : (
              <Text size="xs" c="dimmed" truncate>
                {ROLE_LABELS[user.role]}
              </Text>
            )}
          </div>
        </Group>
      </Table.Td>
      <ListCell column="role">
        <StatusBadge look={{ variant: 'default' }}>{ROLE_LABELS[user.role]}</StatusBadge>
      </ListCell>
      <Table.Td>
        <StatusBadge look={filledBadge(STATUS_COLORS[user.status])}>{USER_STATUS_LABELS[user.status]}</StatusBadge>
      </Table.Td>
      <ListCell column="lastLogin">
        <Text size="sm" c={user.lastLoginAt ? undefined : 'dimmed'}>
          {user.lastLoginAt ? `${formatDate(user.lastLoginAt)} ${formatTime(user.lastLoginAt)}` : 'Never'}
        </Text>
      </ListCell>
      <Table.Td>
        <UserMenu user={user} allows={allows} onOpen={onOpen} />
      </Table.Td>
    </Table.Tr>
  );
}

function UserMenu({ user, allows, onOpen }: Pick<UserTableProps, 'allows' | 'onOpen'> & { user: AdminUser }) {
  const active = user.status === 'active';
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${fullName(user)}`}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconEye size={16} />} onClick={() => onOpen('details', user)}>
          View Details
        </Menu.Item>
        {allows(user, 'edit') ? (
          <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => onOpen('edit', user)}>
            Edit User
          </Menu.Item>
        ) : null}
        {allows(user, 'change_role') ? (
          <Menu.Item leftSection={<IconShieldCog size={16} />} onClick={() => onOpen('role', user)}>
            Manage Role
          </Menu.Item>
        ) : null}
        {user.status !== 'pending' && allows(user, active ? 'suspend' : 'activate') ? (
          <Menu.Item
            leftSection={active ? <IconPlayerPause size={16} /> : <IconPlayerPlay size={16} />}
            onClick={() => onOpen('status', user)}
          >
            {active ? 'Suspend User' : 'Activate User'}
          </Menu.Item>
        ) : null}
        {allows(user, 'reset_password') ? (
          <Menu.Item leftSection={<IconKey size={16} />} onClick={() => onOpen('reset', user)}>
            Reset Password
          </Menu.Item>
        ) : null}
        {allows(user, 'delete') ? (
          <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => onOpen('delete', user)}>
            Delete User
          </Menu.Item>
        ) : null}
      </Menu.Dropdown>
    </Menu>
  );
}
