// Contract Manager → Templates: the public templates and the user's own private ones; create, edit and
// delete (after a confirmation) those the user may change. The placeholders a template may use are listed
// under the editor; an unknown one is refused by the server with its name.
import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Switch.css';
import {
  Alert,
  Button,
  Card,
  Code,
  EmptyState,
  Group,
  Modal,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTemplate } from '@tabler/icons-react';
import { useState } from 'react';
import {
  BADGE_COLOURS,
  CONTRACT_MESSAGES,
  CONTRACT_PLACEHOLDERS,
  type ContractTemplateRecord,
  DEFAULT_TEMPLATE_CATEGORY,
  filledBadge,
} from '@crm/domain';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useAuthorization } from '../../../lib/authorization.ts';
import { TaskContentField } from '../../tasks/index.ts';
import { useContractTemplates, useDeleteTemplate, useSaveTemplate } from '../api/contracts.ts';
import { showError } from './contract-dialogs.tsx';
import { differs, GuardedModal } from '../../../components/close-guard.tsx';
import { ConfirmActions } from '../../../components/confirm-actions.tsx';

type Editing = { template: ContractTemplateRecord | null } | null;

export function TemplatesTab() {
  const { can } = useAuthorization();
  const templates = useContractTemplates();
  const remove = useDeleteTemplate();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<ContractTemplateRecord | null>(null);
  const items = templates.data ?? [];
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text c="dimmed" size="sm">
          Public templates are shared with everyone; private ones only you see.
        </Text>
        {can('contracts:create') ? (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ template: null })}>
            New Template
          </Button>
        ) : null}
      </Group>
      {templates.isError ? (
        <Alert color="red" title="Error">
          {templates.error.message}
          <Button variant="light" size="xs" mt="xs" onClick={() => void templates.refetch()}>
            Retry
          </Button>
        </Alert>
      ) : templates.isPending ? (
        <Stack>
          <Skeleton height={70} />
          <Skeleton height={70} />
        </Stack>
      ) : items.length === 0 ? (
        <EmptyState
          py={48}
          icon={<IconTemplate size={28} />}
          title="No templates yet"
          description="Create a template to draft contracts faster."
        />
      ) : (
        items.map((t) => (
          <Card key={t.id} withBorder radius="md" padding="sm" aria-label={t.name}>
            <Group justify="space-between" wrap="wrap">
              <Stack gap={2}>
                <Group gap="xs">
                  <Text fw={600}>{t.name}</Text>
                  <StatusBadge look={filledBadge(BADGE_COLOURS.blue)}>{t.category}</StatusBadge>
                  {t.isPublic ? null : <StatusBadge look={filledBadge(BADGE_COLOURS.grey)}>Private</StatusBadge>}
                </Group>
                {t.description ? (
                  <Text size="sm" c="dimmed">
                    {t.description}
                  </Text>
                ) : null}
                {t.authorName ? (
                  <Text size="xs" c="dimmed">
                    By {t.authorName}
                  </Text>
                ) : null}
              </Stack>
              {t.editable ? (
                <Group gap="xs">
                  <Button variant="default" size="xs" onClick={() => setEditing({ template: t })}>
                    Edit
                  </Button>
                  <Button color="red" variant="subtle" size="xs" onClick={() => setDeleting(t)}>
                    Delete
                  </Button>
                </Group>
              ) : null}
            </Group>
          </Card>
        ))
      )}
      {editing ? <TemplateDialog template={editing.template} onClose={() => setEditing(null)} /> : null}
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title="Delete template?" size="sm">
        <Stack>
          <Text size="sm">“{deleting?.name}” will be deleted. Contracts made from it keep their content.</Text>
          <ConfirmActions
            label="Delete"
            loading={remove.isPending}
            onCancel={() => setDeleting(null)}
            onConfirm={() =>
              deleting &&
              remove.mutate(deleting.id, {
                onSuccess: () => {
                  notifications.show({ color: 'green', message: CONTRACT_MESSAGES.templateDeleted });
                  setDeleting(null);
                },
                onError: (e) => {
                  setDeleting(null);
                  showError(e);
                },
              })
            }
          />
        </Stack>
      </Modal>
    </Stack>
  );
}

function TemplateDialog({ template, onClose }: { template: ContractTemplateRecord | null; onClose: () => void }) {
  const save = useSaveTemplate();
  const [name, setName] = useState(template?.name ?? '');
  const [category, setCategory] = useState(template?.category ?? DEFAULT_TEMPLATE_CATEGORY);
  const [description, setDescription] = useState(template?.description ?? '');
  const [content, setContent] = useState(template?.content ?? '');
  const [isPublic, setIsPublic] = useState(template?.isPublic ?? true);
  const error = save.error instanceof ApiError ? save.error : null;
  const submit = () =>
    save.mutate(
      {
        saved: template ?? null,
        body: { name, category, description: description || undefined, content, isPublic },
      },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: CONTRACT_MESSAGES.templateSaved });
          onClose();
        },
      },
    );
  return (
    <GuardedModal
      opened
      onClose={onClose}
      unsavedEdits={differs(
        { name, category, description, content, isPublic },
        {
          name: template?.name ?? '',
          category: template?.category ?? DEFAULT_TEMPLATE_CATEGORY,
          description: template?.description ?? '',
          content: template?.content ?? '',
          isPublic: template?.isPublic ?? true,
        },
      )}
      title={template ? 'Edit Template' : 'New Template'}
      size="lg"
    >
      <Stack gap="sm">
        <TextInput
          label="Name"
          required
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={error?.fieldErrors.name?.[0]}
        />
        <TextInput label="Category" value={category} onChange={(e) => setCategory(e.currentTarget.value)} />
        <TextInput label="Description" value={description} onChange={(e) => setDescription(e.currentTarget.value)} />
        <TaskContentField
          label="Content"
          placeholder="Write the agreement; placeholders such as {{client.fullName}} are filled from the record"
          value={content}
          onChange={setContent}
          error={error?.fieldErrors.content?.[0]}
        />
        <details>
          <summary>
            <Text span size="sm">
              Placeholders you can use
            </Text>
          </summary>
          <Stack gap={2} mt="xs">
            {Object.entries(CONTRACT_PLACEHOLDERS).map(([key, label]) => (
              <Text key={key} size="xs">
                <Code>{`{{${key}}}`}</Code> {label}
              </Text>
            ))}
          </Stack>
        </details>
        <Switch
          label="Public (every user may use it)"
          checked={isPublic}
          onChange={(e) => setIsPublic(e.currentTarget.checked)}
        />
        {save.error && !(error && Object.keys(error.fieldErrors).length > 0) ? (
          <Alert color="red">{save.error.message}</Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} loading={save.isPending}>
            Save Template
          </Button>
        </Group>
      </Stack>
    </GuardedModal>
  );
}
