// One accordion section of a record form, with the number of its fields still to complete.
import { Accordion, Badge, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';

type FormSectionProps = { value: string; title: string; issues?: number; children: ReactNode };

export function FormSection({ value, title, issues, children }: FormSectionProps) {
  return (
    <Accordion.Item value={value}>
      <Accordion.Control>
        <Group gap="xs" justify="space-between" wrap="nowrap" pr="xs">
          <Text fw={600} size="sm">
            {title}
          </Text>
          {issues ? (
            <Badge size="sm" color="red" variant="light" tt="none">
              {issues} to complete
            </Badge>
          ) : null}
        </Group>
      </Accordion.Control>
      <Accordion.Panel>{children}</Accordion.Panel>
    </Accordion.Item>
  );
}

/** How many of the failing fields fall in each section, and whether the form is valid. */
export function issuesBySection<S extends string>(
  failingFields: string[],
  sectionOf: (field: string) => S | undefined,
): { valid: boolean; bySection: Partial<Record<S, number>> } {
  const bySection: Partial<Record<S, number>> = {};
  for (const field of failingFields) {
    const section = sectionOf(field);
    if (section) bySection[section] = (bySection[section] ?? 0) + 1;
  }
  return { valid: failingFields.length === 0, bySection };
}
