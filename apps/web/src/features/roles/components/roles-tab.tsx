// Administration → Roles & Permissions (spec 3 §2.4; DECISIONS.md §2): a card per role with its users and
// the modules it may open. An account administrator edits the checklist (Save, or Restore defaults);
// the server enforces the saved list at once, menus follow through the live update.
import { Alert, Badge, Button, Card, Checkbox, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import {
  adminModuleNote,
  type Module,
  MODULE_LABELS,
  MODULES,
  ROLE_MESSAGES,
  type RoleSummary,
  roleModulesProblem,
} from '@crm/domain';
import { RefreshButton } from '../../../components/list-toolbar.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useAuthorization } from '../../../lib/authorization.ts';
import { useRoles, useSaveRole } from '../api/roles.ts';

export function RolesTab() {
  const roles = useRoles();
  const { can } = useAuthorization();
  const mayEdit = can('admin:manage_settings');
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {mayEdit
            ? 'Choose which modules each role may open. Changes apply at once to every signed-in user of the role.'
            : 'Which modules each role may open. Only account administrators change them.'}{' '}
          {/* Spec 3 §2.4's Create Role is a stub ('in development'): said in words, not a dead button (decision 0035). */}
          Custom roles are not offered: every user has one of the seven built-in roles.
        </Text>
        <RefreshButton onClick={() => void roles.refetch()} loading={roles.isRefetching} />
      </Group>
      {roles.isError ? (
        <Alert color="red" title="Error loading roles">
          {roles.error.message}
        </Alert>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="md">
          {roles.data
            ? roles.data.map((role) => <RoleCard key={role.role} role={role} editable={mayEdit} />)
            : Array.from({ length: 6 }, (_, i) => <Skeleton key={i} height={260} radius="md" />)}
        </SimpleGrid>
      )}
    </Stack>
  );
}

function RoleCard({ role, editable }: { role: RoleSummary; editable: boolean }) {
  const save = useSaveRole();
  const [draft, setDraft] = useState<readonly Module[] | null>(null);
  const modules = draft ?? role.modules;
  const changed = draft !== null && draft.join(',') !== role.modules.join(',');
  const problem = roleModulesProblem(role.role, modules);
  // Granting Administration below administrator gives a view of User Management, not power over anyone.
  const adminNote = adminModuleNote(role.role, modules);
  const run = (next: readonly Module[] | null) =>
    save.mutate(
      { role: role.role, modules: next },
      {
        onSuccess: () => {
          setDraft(null);
          notifications.show({
            color: 'green',
            message: next === null ? ROLE_MESSAGES.restored(role.label) : ROLE_MESSAGES.updated,
          });
        },
        onError: (error) =>
          notifications.show({
            color: 'red',
            message: `Failed to update role permissions: ${isApiError(error) ? error.message : 'Saving failed'}`,
          }),
      },
    );
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={`${role.label} role`}>
      <Group justify="space-between" align="flex-start" mb={4} wrap="nowrap">
        <div>
          <Text fw={700}>{role.label}</Text>
          <Text size="xs" c="dimmed">
            {role.description}
          </Text>
        </div>
        <Badge variant="light" color="gray" tt="none" style={{ flexShrink: 0 }}>
          {role.userCount} {role.userCount === 1 ? 'user' : 'users'}
        </Badge>
      </Group>
      {role.customised ? (
        <Badge variant="light" color="orange" tt="none" size="sm" mb="xs">
          Changed from the defaults
        </Badge>
      ) : null}
      <SimpleGrid cols={2} spacing={6} mt="xs">
        {MODULES.map((module) => (
          <Checkbox
            key={module}
            size="xs"
            label={MODULE_LABELS[module]}
            checked={modules.includes(module)}
            disabled={!editable || module === 'profile'}
            onChange={(e) => {
              const on = e.currentTarget.checked;
              setDraft(MODULES.filter((m) => (m === module ? on : modules.includes(m))));
            }}
          />
        ))}
      </SimpleGrid>
      {adminNote ? (
        <Text size="xs" c="dimmed" mt="xs" data-testid="admin-module-note">
          {adminNote}
        </Text>
      ) : null}
      {editable ? (
        <>
          {changed && problem ? (
            <Text size="xs" c="red" mt="xs" role="alert">
              {problem}
            </Text>
          ) : null}
          <Group justify="flex-end" gap="xs" mt="md">
            {role.customised && !changed ? (
              <Button size="xs" variant="subtle" onClick={() => run(null)} loading={save.isPending}>
                Restore defaults
              </Button>
            ) : null}
            {changed ? (
              <>
                <Button size="xs" variant="default" onClick={() => setDraft(null)}>
                  Cancel
                </Button>
                <Button size="xs" onClick={() => run(modules)} loading={save.isPending} disabled={Boolean(problem)}>
                  Save
                </Button>
              </>
            ) : null}
          </Group>
        </>
      ) : null}
    </Card>
  );
}
