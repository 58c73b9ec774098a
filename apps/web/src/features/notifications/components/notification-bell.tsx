// The bell in the shell's header (issue 15 item 3): the unread count, and the newest notifications in a
// popover; opening one marks it read and goes where it points. Live: each new alert and each read
// publishes the user's 'notification' event.
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  Popover,
  ScrollArea,
  Stack,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { AppNotification } from '@crm/domain';
import { useDateFormat } from '../../../lib/format.ts';
import { useMarkRead, useNotifications } from '../api/notifications.ts';

export function NotificationBell() {
  const [opened, setOpened] = useState(false);
  const list = useNotifications();
  const markRead = useMarkRead();
  const navigate = useNavigate();
  const { formatDate, formatTime } = useDateFormat();
  const unread = list.data?.pages[0]?.unread ?? 0;
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];

  const open = (item: AppNotification) => {
    if (!item.readAt) markRead.mutate(item.id);
    setOpened(false);
    if (item.link) void navigate({ href: item.link });
  };

  const unreadText = unread > 99 ? '99+' : String(unread);
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={360} shadow="md" withinPortal>
      <Popover.Target>
        <ActionIcon
          variant="default"
          size="lg"
          onClick={() => setOpened((o) => !o)}
          // The badge's own words inside the name ('99+' too): a name that differs from what is shown fails
          // WCAG 2.5.3 (axe: label-content-name-mismatch) once a user has a hundred unread.
          aria-label={unread > 0 ? `Notifications, ${unreadText} unread` : 'Notifications'}
          style={{ overflow: 'visible' }}
        >
          <IconBell size={18} />
          {unread > 0 ? (
            <Badge
              size="xs"
              color="red"
              variant="filled"
              circle={unread < 10}
              aria-hidden
              style={{ position: 'absolute', top: -6, right: -6, pointerEvents: 'none' }}
            >
              {unreadText}
            </Badge>
          ) : null}
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown p={0} aria-label="Notifications">
        <Group
          justify="space-between"
          px="sm"
          py="xs"
          style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
        >
          <Text fw={600} size="sm">
            Notifications
          </Text>
          <Button
            variant="subtle"
            size="compact-xs"
            disabled={unread === 0}
            loading={markRead.isPending && markRead.variables === null}
            onClick={() => markRead.mutate(null)}
          >
            Mark all as read
          </Button>
        </Group>
        {list.isPending ? (
          <Group justify="center" p="md">
            <Loader size="sm" aria-label="Loading notifications" />
          </Group>
        ) : list.isError ? (
          <Text c="red" size="sm" p="sm" role="alert">
            {list.error.message}
          </Text>
        ) : items.length === 0 ? (
          <Text c="dimmed" size="sm" p="md" ta="center">
            No notifications yet
          </Text>
        ) : (
          <ScrollArea.Autosize mah={420} type="auto">
            <Stack gap={0}>
              {items.map((item) => (
                <UnstyledButton
                  key={item.id}
                  onClick={() => open(item)}
                  px="sm"
                  py="xs"
                  style={{
                    borderBottom: '1px solid var(--mantine-color-default-border)',
                    // Unread: a bar in the primary colour (a tinted background would dim the muted text).
                    borderLeft: `3px solid ${item.readAt ? 'transparent' : 'var(--mantine-primary-color-filled)'}`,
                  }}
                >
                  <Text size="sm" fw={item.readAt ? 400 : 600} lineClamp={2}>
                    {item.readAt ? null : <VisuallyHidden>Unread: </VisuallyHidden>}
                    {item.title}
                  </Text>
                  {item.body ? (
                    <Text size="xs" lineClamp={2}>
                      {item.body}
                    </Text>
                  ) : null}
                  <Text size="xs" c="dimmed">
                    {formatDate(item.createdAt)} {formatTime(item.createdAt)}
                  </Text>
                </UnstyledButton>
              ))}
              {list.hasNextPage ? (
                <Group justify="center" p="xs">
                  <Anchor component="button" size="sm" onClick={() => void list.fetchNextPage()}>
                    {list.isFetchingNextPage ? 'Loading…' : 'Show older'}
                  </Anchor>
                </Group>
              ) : null}
            </Stack>
          </ScrollArea.Autosize>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
