// The row of counters over an administration tab (Security's last 24 hours, Deleted Items): each a small
// card with its label, the figure (a skeleton while it loads) and an optional caption under it.
import { Card, SimpleGrid, Skeleton, Text } from '@mantine/core';

export type Counter<TData> = { label: string; caption?: string; value: (data: TData) => number };

export function CounterCards<TData>({
  counters,
  data,
  testIdPrefix,
}: {
  counters: readonly Counter<TData>[];
  data: TData | undefined;
  /** A figure's test id is the prefix and its label: 'security-Lockouts'. */
  testIdPrefix: string;
}) {
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="xs">
      {counters.map((counter) => (
        <Card key={counter.label} withBorder padding="sm" radius="md" component="section" aria-label={counter.label}>
          <Text size="xs" fw={600} c="dimmed">
            {counter.label}
          </Text>
          {data ? (
            <Text fz={22} fw={700} data-testid={`${testIdPrefix}-${counter.label}`}>
              {counter.value(data).toLocaleString('en-AU')}
            </Text>
          ) : (
            <Skeleton height={22} width="40%" mt={4} />
          )}
          {counter.caption ? (
            <Text size="xs" c="dimmed">
              {counter.caption}
            </Text>
          ) : null}
        </Card>
      ))}
    </SimpleGrid>
  );
}
