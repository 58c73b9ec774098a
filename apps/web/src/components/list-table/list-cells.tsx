// The cell contents the list tables share: display id, name with the Hidden mark (and what a
// narrow list folds under it), email over phone, text with a dimmed placeholder when empty, and a date.
import { Badge, Group, Text } from '@mantine/core';
import { IconEyeOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useDateFormat } from '../../lib/format.ts';

export function DisplayIdText({ children }: { children: string }) {
  return (
    <Text size="xs" ff="monospace" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
      {children}
    </Text>
  );
}

/** `secondary`: a smaller line under the name, e.g. the display id a narrow list has no column for. */
export function NameText({ name, hidden, secondary }: { name: string; hidden: boolean; secondary?: ReactNode }) {
  return (
    <>
      <Group gap={4} wrap="wrap">
        <Text size="sm" fw={600} lineClamp={2} title={name}>
          {name}
        </Text>
        {hidden ? (
          <Badge size="xs" variant="outline" color="gray" leftSection={<IconEyeOff size={10} />} tt="none">
            Hidden
          </Badge>
        ) : null}
      </Group>
      {secondary}
    </>
  );
}

/** Email over phone (as the server formats it for display); a long email is cut and shown whole on hover. */
export function ContactText({ email, phone }: { email: string; phone: string }) {
  return (
    <>
      <Text size="sm" truncate="end" title={email}>
        {email}
      </Text>
      <Text size="xs" c="dimmed" truncate="end">
        {phone}
      </Text>
    </>
  );
}

/** Up to two lines of text, or `empty` dimmed when there is none. */
export function CellText({ children, empty = '—' }: { children: ReactNode; empty?: string }) {
  if (children === null || children === undefined || children === '') {
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  }
  return (
    <Text size="sm" lineClamp={2} title={typeof children === 'string' ? children : undefined}>
      {children}
    </Text>
  );
}

export function DateText({ value }: { value: string | null }) {
  const { formatDate } = useDateFormat();
  return (
    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
      {formatDate(value)}
    </Text>
  );
}
