// A row of figure cards: the statistics over the records and contacts lists, the counters over an
// administration tab (Security's last 24 hours, Deleted Items). Each card has its label, the figure (a
// skeleton while it loads, a dash when it could not be read) and an optional caption under it.
import { Card, SimpleGrid, type SimpleGridProps, Skeleton, Text } from '@mantine/core';

/** A count is shown in the firm's grouping (1,234); a figure the card words itself (a rate) as it is. */
export type Counter<TData> = { label: string; caption?: string; value: (data: TData) => number | string };

export function CounterCards<TData>({
  counters,
  data,
  failed = false,
  testIdPrefix,
  cols = { base: 2, md: 4 },
}: {
  counters: readonly Counter<TData>[];
  data: TData | undefined;
  /** The figures could not be read. */
  failed?: boolean;
  /** A figure's test id is the prefix and its label: 'security-Lockouts'. */
  testIdPrefix: string;
  cols?: SimpleGridProps['cols'];
}) {
  return (
    <SimpleGrid cols={cols} spacing="xs">
      {counters.map((counter) => {
        const value = data ? counter.value(data) : null;
        return (
          <Card key={counter.label} withBorder padding="sm" radius="md" component="section" aria-label={counter.label}>
            <Text size="xs" fw={600} c="dimmed">
              {counter.label}
            </Text>
            {value !== null ? (
              <Text
                fz={22}
                fw={700}
                lh={1.2}
                mt={2}
                style={{ fontVariantNumeric: 'tabular-nums' }}
                data-testid={`${testIdPrefix}-${counter.label}`}
              >
                {typeof value === 'number' ? value.toLocaleString('en-AU') : value}
              </Text>
            ) : failed ? (
              <Text fz={22} fw={700} lh={1.2} mt={2} c="dimmed" title="Statistics could not be loaded">
                —
              </Text>
            ) : (
              <Skeleton height={22} width="50%" mt={4} radius="sm" />
            )}
            {counter.caption ? (
              <Text size="xs" c="dimmed" mt={2}>
                {counter.caption}
              </Text>
            ) : null}
          </Card>
        );
      })}
    </SimpleGrid>
  );
}
