// One figure card of the dashboard: title, value, caption.
import { Card, Group, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';

type StatCardProps = {
  title: string;
  value: string;
  caption: string;
  icon: ReactNode;
  valueColor?: string;
  footnote?: ReactNode;
};

export function StatCard({ title, value, caption, icon, valueColor, footnote }: StatCardProps) {
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-label={title}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Text size="sm" fw={600} c="dimmed">
          {title}
        </Text>
        <ThemeIcon variant="light" color="gray" size="md" radius="md" aria-hidden>
          {icon}
        </ThemeIcon>
      </Group>
      <Text
        fz={30}
        fw={700}
        lh={1.1}
        mt={4}
        style={{ color: valueColor, fontVariantNumeric: 'tabular-nums' }}
        data-testid={`stat-${title}`}
      >
        {value}
      </Text>
      <Text size="xs" c="dimmed" mt={4}>
        {caption}
        {footnote ? <> · {footnote}</> : null}
      </Text>
    </Card>
  );
}
