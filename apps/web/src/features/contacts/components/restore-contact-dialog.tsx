// The restore dialog of spec 2 "Contacts page" and §5: pick 'Restore to Lead' or 'Restore to
// Client' (two large choice cards; 'Change Selection' picks again), write the required notes,
// confirm. The same zod schema as the server decides when the input is complete. After success
// the dialog offers to open the restored record.
import {
  Alert,
  Button,
  type ButtonProps,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  ThemeIcon,
  UnstyledButton,
} from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconUserCheck, IconUserPlus, IconWand } from '@tabler/icons-react';
import { createLink } from '@tanstack/react-router';
import { type AnchorHTMLAttributes, forwardRef, type KeyboardEvent, type ReactNode, useState } from 'react';
import {
  CONTACT_MESSAGES,
  type ContactRecord,
  type ContactRestoreResult,
  fullNameOf,
  RESTORE_MISSING_MESSAGE,
  RESTORE_OPTIONS,
  RESTORE_PERMISSION,
  RESTORE_TYPES,
  type RestoreType,
  SMART_REVERT_OPTION,
  smartRevertSchema,
} from '@crm/domain';
import { useAuthorization } from '../../../lib/authorization.ts';
import { useRestoreContact } from '../api/restore-contact.ts';
import { notify } from '../notify.ts';
import classes from './restore-contact-dialog.module.css';
import { GuardedModal, useCloseGuard } from '../../../components/close-guard.tsx';

/** A Mantine button that is a typed router link (Mantine's `component={Link}` loses the search param types). */
const ButtonLink = createLink(
  forwardRef<HTMLAnchorElement, ButtonProps & AnchorHTMLAttributes<HTMLAnchorElement>>(
    function ButtonAnchor(props, ref) {
      return <Button component="a" ref={ref} {...props} />;
    },
  ),
);

/** Lead, client, or let the server choose (smart revert). */
type Choice = RestoreType | 'smart';

const ICONS: Record<Choice, ReactNode> = {
  lead: <IconUserPlus size={22} />,
  client: <IconUserCheck size={22} />,
  smart: <IconWand size={22} />,
};

const CHOICE_TEXT: Record<Choice, { label: string; description: string }> = {
  ...RESTORE_OPTIONS,
  smart: SMART_REVERT_OPTION,
};

type RestoreContactDialogProps = { contact: ContactRecord | null; onClose: () => void };

export function RestoreContactDialog({ contact, onClose }: RestoreContactDialogProps) {
  const restore = useRestoreContact();
  const close = () => {
    if (restore.isPending) return;
    restore.reset();
    onClose();
  };
  return (
    <GuardedModal
      opened={Boolean(contact)}
      onClose={close}
      title="Restore Contact"
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {/* Keyed by contact: another contact starts with a clean choice and empty notes. */}
      {contact ? <RestoreContactForm key={contact.id} contact={contact} restore={restore} onClose={close} /> : null}
    </GuardedModal>
  );
}

type RestoreContactFormProps = {
  contact: ContactRecord;
  restore: ReturnType<typeof useRestoreContact>;
  onClose: () => void;
};

function RestoreContactForm({ contact, restore, onClose }: RestoreContactFormProps) {
  // Restoring creates the target record: only the targets the role may create are offered.
  const { can } = useAuthorization();
  const allowedTypes = RESTORE_TYPES.filter((option) => can(RESTORE_PERMISSION[option]));
  const choices: Choice[] = allowedTypes.length > 0 ? [...allowedTypes, 'smart'] : [];
  const [type, setType] = useState<Choice | null>(null);
  const [notes, setNotes] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<ContactRestoreResult | null>(null);
  useCloseGuard(result === null && notes.trim() !== '');
  const name = fullNameOf(contact);
  const complete = type !== null && smartRevertSchema.safeParse({ notes }).success;

  if (result) return <RestoredView name={name} result={result} onClose={onClose} />;

  const confirm = () => {
    const parsed = smartRevertSchema.safeParse({ notes });
    if (!type || !parsed.success) {
      setError(RESTORE_MISSING_MESSAGE);
      return;
    }
    setError(null);
    restore.mutate(
      { id: contact.id, type, notes: parsed.data.notes },
      {
        onSuccess: (data) => {
          // The server's message names what it did ('Contact reverted to client successfully' for a smart revert).
          notify('green', data.message);
          setResult(data);
        },
        onError: (e) => {
          const message =
            type === 'smart' ? CONTACT_MESSAGES.revertFailed(e.message) : CONTACT_MESSAGES.restoreFailed(e.message);
          setError(message);
          notify('red', message);
        },
      },
    );
  };

  const onNotesKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      confirm();
    }
  };

  return (
    <Stack gap="md">
      <div>
        <Text fw={600}>{name}</Text>
        <Text size="sm" c="dimmed">
          {contact.email} · {contact.contactNumberDisplay}
        </Text>
      </div>

      <div>
        <Group justify="space-between" mb={6}>
          <Text size="sm" fw={500} id="restore-type-label">
            Restore as{' '}
            <Text span c="var(--mantine-color-error)" aria-hidden>
              *
            </Text>
          </Text>
          {type ? (
            <Button variant="subtle" size="compact-sm" onClick={() => setType(null)} disabled={restore.isPending}>
              Change Selection
            </Button>
          ) : null}
        </Group>
        {type ? (
          <ChosenCard type={type} />
        ) : (
          <SimpleGrid
            cols={{ base: 1, xs: choices.length }}
            spacing="sm"
            role="group"
            aria-labelledby="restore-type-label"
          >
            {choices.map((option) => (
              <UnstyledButton
                key={option}
                className={classes.choice}
                onClick={() => {
                  setType(option);
                  setError(null);
                }}
              >
                <ThemeIcon variant="light" size={40} radius="md" aria-hidden>
                  {ICONS[option]}
                </ThemeIcon>
                <Text fw={600} mt="xs">
                  {CHOICE_TEXT[option].label}
                </Text>
                <Text size="sm" c="dimmed">
                  {CHOICE_TEXT[option].description}
                </Text>
              </UnstyledButton>
            ))}
          </SimpleGrid>
        )}
      </div>

      <Textarea
        label="Notes"
        description={
          type === 'client' ? 'Kept as the conversion notes of the new client.' : 'Why the contact is coming back.'
        }
        placeholder="Add notes about this restore"
        withAsterisk
        required
        value={notes}
        onChange={(e) => {
          setNotes(e.currentTarget.value);
          setError(null);
        }}
        onKeyDown={onNotesKeyDown}
        maxLength={1000}
        autosize
        minRows={3}
        maxRows={8}
        disabled={restore.isPending}
      />

      {error ? (
        <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle size={18} />}>
          {error}
        </Alert>
      ) : null}

      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onClose} disabled={restore.isPending}>
          Cancel
        </Button>
        <Button
          // Looks disabled until a type and notes are given, yet stays focusable and answers a click with the spec's message.
          data-disabled={!complete || undefined}
          aria-disabled={!complete}
          onClick={confirm}
          loading={restore.isPending}
        >
          {type ? CHOICE_TEXT[type].label : 'Restore Contact'}
        </Button>
      </Group>
    </Stack>
  );
}

function ChosenCard({ type }: { type: Choice }) {
  return (
    <div className={classes.choice} data-selected>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <ThemeIcon variant="light" size={40} radius="md" aria-hidden>
          {ICONS[type]}
        </ThemeIcon>
        <Group gap={4} className={classes.selected}>
          <IconCircleCheck size={16} aria-hidden />
          <Text size="sm" fw={600}>
            Selected
          </Text>
        </Group>
      </Group>
      <Text fw={600} mt="xs">
        {CHOICE_TEXT[type].label}
      </Text>
      <Text size="sm" c="dimmed">
        {CHOICE_TEXT[type].description}
      </Text>
    </div>
  );
}

function RestoredView({ name, result, onClose }: { name: string; result: ContactRestoreResult; onClose: () => void }) {
  const recordId = result.type === 'lead' ? result.leadId : result.clientId;
  const what = result.type === 'lead' ? 'Lead' : 'Client';
  return (
    <Stack gap="md">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon color="green" variant="light" size={40} radius="xl" aria-hidden>
          <IconCircleCheck size={24} />
        </ThemeIcon>
        <div>
          <Text fw={600}>{result.message}</Text>
          <Text size="sm" c="dimmed">
            {name} is an active {what.toLowerCase()} again and has left the contacts list.
          </Text>
        </div>
      </Group>
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onClose} data-autofocus>
          Close
        </Button>
        {recordId ? (
          <ButtonLink to="/leads-clients" search={{ view: recordId, type: result.type }}>
            Open {what}
          </ButtonLink>
        ) : null}
      </Group>
    </Stack>
  );
}
