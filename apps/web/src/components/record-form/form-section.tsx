// One accordion section of a record form, with the number of its fields still to complete.
import { Accordion, Badge, Group, Text } from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';

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

/** A field that keeps the form from saving, as the footer lists it (issue 26: Save says why not). */
export type FormProblem = { field: string; label: string; message: string };

/** 'visaExpiryDate' → 'Visa expiry date'; 'dependents.0.firstName' → 'Dependent 1: first name'. */
export function fieldLabel(path: string): string {
  const words = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  const parts = path.split('.');
  const [group, index, field] = parts;
  if (parts.length === 3 && /^\d+$/.test(index!)) {
    const singular = words(group!).replace(/s$/, '');
    return `${singular[0]!.toUpperCase()}${singular.slice(1)} ${Number(index) + 1}: ${words(field!)}`;
  }
  const text = words(parts.join(' '));
  return `${text[0]!.toUpperCase()}${text.slice(1)}`;
}

/**
 * How many of the failing fields fall in each section, whether the form is valid, and each failing field
 * with its message, in the form's order.
 */
export function issuesBySection<S extends string>(
  errors: Record<string, unknown>,
  sectionOf: (field: string) => S | undefined,
): { valid: boolean; bySection: Partial<Record<S, number>>; problems: FormProblem[] } {
  const bySection: Partial<Record<S, number>> = {};
  const problems: FormProblem[] = [];
  for (const [field, message] of Object.entries(errors)) {
    const section = sectionOf(field);
    if (section) bySection[section] = (bySection[section] ?? 0) + 1;
    problems.push({ field, label: fieldLabel(field), message: String(message) });
  }
  return { valid: problems.length === 0, bySection, problems };
}

/**
 * Going to a field from the footer's list: its section opens, then (once the section is shown) the field
 * takes the focus and scrolls into view.
 */
export function useGoToField(openSectionOf: (field: string) => void, inputNode: (field: string) => HTMLElement | null) {
  const [target, setTarget] = useState<string | null>(null);
  useEffect(() => {
    if (target === null) return;
    const frame = requestAnimationFrame(() => {
      const node = inputNode(target);
      node?.focus();
      node?.scrollIntoView({ block: 'center' });
      setTarget(null);
    });
    return () => cancelAnimationFrame(frame);
  }, [target, inputNode]);
  return (field: string) => {
    openSectionOf(field);
    setTarget(field);
  };
}
