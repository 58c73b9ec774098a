// The dialog a form opens in over a record's panel (a service, a task or note, an invoice, client money):
// full screen on a phone, its title bold, and a click beside it does not throw away what was typed. And
// what such a dialog shows when the record it opens could not be read.
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ComponentProps } from 'react';
import { usePhoneLayout } from '../lib/use-phone-layout.ts';
import { GuardedModal } from './close-guard.tsx';

const TITLE_STYLES = { title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } };

/** GuardedModal's props; `size` is 'xl' unless given, `closeOnClickOutside` false unless given. */
export function FormDialog({
  size = 'xl',
  closeOnClickOutside = false,
  ...props
}: ComponentProps<typeof GuardedModal>) {
  const phone = usePhoneLayout();
  return (
    <GuardedModal
      size={size}
      fullScreen={phone}
      radius={phone ? 0 : 'md'}
      closeOnClickOutside={closeOnClickOutside}
      styles={TITLE_STYLES}
      {...props}
    />
  );
}

/**
 * Why the record could not be read, with Close and, unless retrying cannot help (it was deleted), Try Again.
 */
export function DialogLoadError({
  message,
  onRetry,
  onClose,
}: {
  message: string;
  /** Read again; null when it would fail the same way. */
  onRetry: (() => void) | null;
  onClose: () => void;
}) {
  return (
    <Stack gap="sm">
      <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle size={18} />}>
        <Text size="sm">{message}</Text>
      </Alert>
      <Group justify="flex-end" gap="xs">
        {onRetry ? (
          <Button variant="light" onClick={onRetry}>
            Try Again
          </Button>
        ) : null}
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
      </Group>
    </Stack>
  );
}
