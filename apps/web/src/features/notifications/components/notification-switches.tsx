// The email and in-app switch of each notification (issue 15 item 3), for My Profile and, as the firm's
// defaults, for Administration. Each row says what it controls; saving applies to the next alert.
// Profile and Administration are lazy pages: the Switch's styles load with them, not with every page.
import '@mantine/core/styles/Switch.css';
import { Alert, Button, Card, Group, Skeleton, Switch, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { NOTIFICATION_KINDS, NOTIFICATION_LABELS, type NotificationPreferences } from '@crm/domain';
import { isApiError } from '../../../lib/api-client.ts';
import { type SwitchesScope, useNotificationSwitches, useSaveNotificationSwitches } from '../api/notifications.ts';

const COPY: Record<SwitchesScope, { title: string; intro: string }> = {
  profile: {
    title: 'Notifications',
    intro:
      'Choose what reaches you by email and in the bell at the top of the page. Password reset and invitation emails are always sent.',
  },
  firm: {
    title: 'Notification Settings',
    intro:
      'The switches of every user who has not chosen their own in My Profile. Password reset and invitation emails are always sent.',
  },
};

export function NotificationSwitchesCard({ scope, editable = true }: { scope: SwitchesScope; editable?: boolean }) {
  const stored = useNotificationSwitches(scope);
  const save = useSaveNotificationSwitches(scope);
  const [draft, setDraft] = useState<NotificationPreferences | null>(null);
  useEffect(() => {
    if (stored.data) setDraft(stored.data);
  }, [stored.data]);
  const titleId = `notification-switches-${scope}`;
  const dirty = Boolean(draft && stored.data && JSON.stringify(draft) !== JSON.stringify(stored.data));

  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={titleId}>
      <Title order={2} fz="md" id={titleId}>
        {COPY[scope].title}
      </Title>
      <Text size="xs" c="dimmed" mb="sm">
        {COPY[scope].intro}
      </Text>
      {stored.isError ? (
        <Alert color="red">{stored.error.message}</Alert>
      ) : !draft ? (
        <Skeleton height={240} />
      ) : (
        <Table.ScrollContainer minWidth={360}>
          <Table verticalSpacing="xs" aria-label={COPY[scope].title}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Notification</Table.Th>
                <Table.Th w={90}>Email</Table.Th>
                <Table.Th w={90}>In-app</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {NOTIFICATION_KINDS.map((kind) => (
                <Table.Tr key={kind}>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {NOTIFICATION_LABELS[kind].label}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {NOTIFICATION_LABELS[kind].description}
                    </Text>
                  </Table.Td>
                  {(['email', 'inApp'] as const).map((channel) => (
                    <Table.Td key={channel}>
                      <Switch
                        aria-label={`${NOTIFICATION_LABELS[kind].label}: ${channel === 'email' ? 'email' : 'in-app'}`}
                        checked={draft[channel][kind]}
                        disabled={!editable}
                        onChange={(e) => {
                          const checked = e.currentTarget.checked;
                          setDraft((d) => d && { ...d, [channel]: { ...d[channel], [kind]: checked } });
                        }}
                      />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {editable ? (
        <Group justify="flex-end" mt="md">
          <Button variant="default" disabled={!dirty} onClick={() => stored.data && setDraft(stored.data)}>
            Cancel
          </Button>
          <Button
            disabled={!dirty}
            loading={save.isPending}
            onClick={() =>
              draft &&
              save.mutate(draft, {
                onSuccess: () => notifications.show({ color: 'green', message: 'Notification settings saved' }),
                onError: (error) =>
                  notifications.show({ color: 'red', message: isApiError(error) ? error.message : 'Saving failed' }),
              })
            }
          >
            Save
          </Button>
        </Group>
      ) : null}
    </Card>
  );
}
