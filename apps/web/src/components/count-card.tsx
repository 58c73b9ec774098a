// A small figure card of a page's collapsible statistics (My Tasks, Staffing): a title, a count that takes its
// colour only when it is above nought (an overdue 0 is not alarming), a caption from the small breakpoint up.
// While the count loads it is a skeleton; if it could not load, a dash.
import { Card, Skeleton, Text } from '@mantine/core';

type CountCardProps = {
  title: string;
  caption: string;
  value: number | undefined;
  /** The count's colour when above nought. */
  colour?: string;
  failed: boolean;
  testId: string;
};

export function CountCard({ title, caption, value, colour, failed, testId }: CountCardProps) {
  return (
    <Card withBorder padding="sm" radius="md" component="section" aria-label={title}>
      <Text size="xs" fw={600} c="dimmed">
        {title}
      </Text>
      {value === undefined ? (
        failed ? (
          <Text fz={22} fw={700} c="dimmed">
            —
          </Text>
        ) : (
          <Skeleton height={22} width="50%" mt={4} radius="sm" />
        )
      ) : (
        <Text
          fz={22}
          fw={700}
          lh={1.2}
          mt={2}
          style={{ fontVariantNumeric: 'tabular-nums', color: value > 0 ? colour : undefined }}
          data-testid={testId}
        >
          {value.toLocaleString('en-AU')}
        </Text>
      )}
      <Text size="xs" c="dimmed" mt={2} visibleFrom="sm">
        {caption}
      </Text>
    </Card>
  );
}
