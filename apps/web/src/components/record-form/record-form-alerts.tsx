// The two notices a record form shows above its fields: the record was saved elsewhere while open,
// and the last save failed (spec 1 §8: 'Failed to Save …' with Dismiss and Retry, or Reload after a
// stale edit).
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { isApiError } from '../../lib/api-client.ts';

/** A 409 that means "someone saved this record since you read it" (a duplicate is also a 409). */
export function isStaleEditError(error: Error | null): boolean {
  return isApiError(error) && error.status === 409 && !error.message.startsWith('Duplicate');
}

export function ChangedElsewhereAlert({ recordNoun, onReload }: { recordNoun: string; onReload: () => void }) {
  return (
    <Alert
      color="orange"
      variant="light"
      p="xs"
      icon={<IconAlertTriangle size={16} />}
      title={`This ${recordNoun} was changed by someone else`}
    >
      <Group justify="space-between" gap="xs">
        <Text size="sm">Reload to see their changes; your unsaved edits here will be replaced.</Text>
        <Button
          size="compact-xs"
          variant="light"
          color="orange"
          leftSection={<IconRefresh size={12} />}
          onClick={onReload}
        >
          Reload
        </Button>
      </Group>
    </Alert>
  );
}

type SaveErrorAlertProps = {
  title: string;
  message: string;
  /** A stale edit offers Reload instead of Retry: retrying would fail the same way. */
  stale: boolean;
  onDismiss: () => void;
  onReload: () => void;
  onRetry: () => void;
  retryDisabled: boolean;
};

export function SaveErrorAlert({
  title,
  message,
  stale,
  onDismiss,
  onReload,
  onRetry,
  retryDisabled,
}: SaveErrorAlertProps) {
  return (
    <Alert color="red" variant="light" title={title} role="alert" icon={<IconAlertTriangle size={16} />}>
      <Stack gap="xs">
        <Text size="sm">{message}</Text>
        <Group gap="xs">
          <Button size="compact-sm" variant="default" onClick={onDismiss}>
            Dismiss
          </Button>
          {stale ? (
            <Button size="compact-sm" color="red" leftSection={<IconRefresh size={14} />} onClick={onReload}>
              Reload
            </Button>
          ) : (
            <Button size="compact-sm" color="red" onClick={onRetry} disabled={retryDisabled}>
              Retry
            </Button>
          )}
        </Group>
      </Stack>
    </Alert>
  );
}
