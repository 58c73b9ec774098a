// The five figure cards above the combined list (spec 1 §2.4); folded on a phone so the list starts
// above the fold.
import { Card, SimpleGrid, Skeleton, Text } from '@mantine/core';
import type { RecordStatistics } from '@crm/domain';
import { CollapsibleStatistics } from '../../../components/collapsible-statistics.tsx';

type Figure = { title: string; value: (s: RecordStatistics) => string };

const FIGURES: Figure[] = [
  { title: 'Total Records', value: (s) => s.totalRecords.toLocaleString('en-AU') },
  { title: 'Active Leads', value: (s) => s.activeLeads.toLocaleString('en-AU') },
  { title: 'Converted Clients', value: (s) => s.convertedClients.toLocaleString('en-AU') },
  { title: 'Lost Leads', value: (s) => s.lostLeads.toLocaleString('en-AU') },
  { title: 'Conversion Rate', value: (s) => `${s.conversionRate.toFixed(1)}%` },
];

export function RecordStatisticsCards({
  statistics,
  failed,
}: {
  statistics: RecordStatistics | undefined;
  failed: boolean;
}) {
  return (
    <CollapsibleStatistics
      label="Record statistics"
      summary={statistics ? `${statistics.conversionRate.toFixed(1)}% conversion` : undefined}
    >
      <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="xs">
        {FIGURES.map((figure) => (
          <Card key={figure.title} withBorder padding="sm" radius="md" component="section" aria-label={figure.title}>
            <Text size="xs" fw={600} c="dimmed">
              {figure.title}
            </Text>
            {statistics ? (
              <Text
                fz={22}
                fw={700}
                lh={1.2}
                mt={2}
                style={{ fontVariantNumeric: 'tabular-nums' }}
                data-testid={`records-stat-${figure.title}`}
              >
                {figure.value(statistics)}
              </Text>
            ) : failed ? (
              <Text fz={22} fw={700} lh={1.2} mt={2} c="dimmed" title="Statistics could not be loaded">
                —
              </Text>
            ) : (
              <Skeleton height={22} width="50%" mt={4} radius="sm" />
            )}
          </Card>
        ))}
      </SimpleGrid>
    </CollapsibleStatistics>
  );
}
