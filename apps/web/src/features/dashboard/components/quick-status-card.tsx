// 'Quick Status Overview' (spec 1 §2.2): active, converted and the two closed outcomes.
import { Card, SimpleGrid, Text, Title } from '@mantine/core';
import { activeLeads, type LeadStatistics } from '@crm/domain';

export function QuickStatusCard({ stats }: { stats: LeadStatistics }) {
  const items = [
    { label: 'Total Active', value: activeLeads(stats), color: 'var(--mantine-color-blue-text)' },
    { label: 'Converted', value: stats.convertedLeads, color: 'var(--mantine-color-green-text)' },
    { label: 'Not Proceeding', value: stats.notProceedingLeads, color: 'var(--mantine-color-dimmed)' },
    { label: 'Ineligible', value: stats.ineligibleLeads, color: 'var(--mantine-color-red-text)' },
  ];
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-labelledby="quick-status" h="100%">
      <Title order={2} fz="md" mb="sm" id="quick-status">
        Quick Status Overview
      </Title>
      <SimpleGrid cols={2} spacing="sm">
        {items.map((item) => (
          <Card
            key={item.label}
            padding="sm"
            radius="md"
            bg="light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-6))"
          >
            <Text size="xs" c="dimmed" fw={600}>
              {item.label}
            </Text>
            <Text
              fz={24}
              fw={700}
              style={{ color: item.color, fontVariantNumeric: 'tabular-nums' }}
              data-testid={`quick-${item.label}`}
            >
              {item.value}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </Card>
  );
}
