// The five figure cards above the contacts table, in the firm's words (spec 2 §3 contact statistics);
// folded on a phone so the list starts above the fold.
import { Card, SimpleGrid, Skeleton, Text } from '@mantine/core';
import type { ContactStatistics } from '@crm/domain';
import { CollapsibleStatistics } from '../../../components/collapsible-statistics.tsx';

type Figure = { title: string; caption: string; value: (s: ContactStatistics) => number };

const FIGURES: Figure[] = [
  { title: 'Total Contacts', caption: 'Archived leads in the list', value: (s) => s.totalContacts },
  { title: 'Active Contacts', caption: 'Ready for a follow-up', value: (s) => s.activeContacts },
  { title: 'Inactive Contacts', caption: 'Not currently marked active', value: (s) => s.inactiveContacts },
  { title: 'Can Return as Lead', caption: 'Still restorable to the leads list', value: (s) => s.revertibleContacts },
  { title: 'Restored Recently', caption: 'Back as lead or client, last 30 days', value: (s) => s.recentConversions },
];

export function ContactStatisticsCards({
  statistics,
  failed,
}: {
  statistics: ContactStatistics | undefined;
  failed: boolean;
}) {
  return (
    <CollapsibleStatistics
      label="Contact statistics"
      summary={statistics ? `${statistics.totalContacts.toLocaleString('en-AU')} contacts` : undefined}
      mb="md"
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
                data-testid={`contacts-stat-${figure.title}`}
              >
                {figure.value(statistics).toLocaleString('en-AU')}
              </Text>
            ) : failed ? (
              <Text fz={22} fw={700} lh={1.2} mt={2} c="dimmed" title="Statistics could not be loaded">
                —
              </Text>
            ) : (
              <Skeleton height={22} width="50%" mt={4} radius="sm" />
            )}
            <Text size="xs" c="dimmed" mt={2}>
              {figure.caption}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </CollapsibleStatistics>
  );
}
