import { Avatar, Group, Menu, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconChevronUp, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { fullName, initials } from '@crm/domain';
import { useSignOut } from '../../features/auth/api/sign-out.ts';
import { useAuthorization } from '../../lib/authorization.ts';
import classes from './app-layout.module.css';

/** Sidebar footer: the user's name and email with a menu (spec 2 shell: Profile, Sign out). */
export function UserMenu({ iconOnly }: { iconOnly: boolean }) {
  const { user } = useAuthorization();
  const signOut = useSignOut();
  const navigate = useNavigate();
  if (!user) return null;
  const name = fullName(user);
  const trigger = (
    <UnstyledButton className={classes.userButton} aria-label={iconOnly ? `${name}, account menu` : undefined}>
      <Group gap="sm" wrap="nowrap" justify={iconOnly ? 'center' : 'flex-start'}>
        <Avatar color="brand" radius="xl" size={32} aria-hidden>
          {initials(user)}
        </Avatar>
        {iconOnly ? null : (
          <>
            <div style={{ flex: 1, minWidth: 0 }}>
              <Text size="sm" fw={600} truncate>
                {name}
              </Text>
              <Text size="xs" c="dimmed" truncate>
                {user.email}
              </Text>
            </div>
            <IconChevronUp size={14} />
          </>
        )}
      </Group>
    </UnstyledButton>
  );
  return (
    <Menu position="top-start" width={220} withinPortal>
      <Menu.Target>
        {iconOnly ? (
          <Tooltip label={name} position="right">
            {trigger}
          </Tooltip>
        ) : (
          trigger
        )}
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconUserCircle size={16} />} onClick={() => void navigate({ to: '/profile' })}>
          Profile
        </Menu.Item>
        <Menu.Item leftSection={<IconLogout size={16} />} color="red" onClick={() => signOut.mutate()}>
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
