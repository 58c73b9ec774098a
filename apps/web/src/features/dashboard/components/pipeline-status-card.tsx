// 'Lead Pipeline Status' (spec 1 §2.2): the four stages before conversion.
import { Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { agreementsInProgress, type LeadStatistics } from '@crm/domain';

export function PipelineStatusCard({ stats }: { stats: LeadStatistics }) {
  const rows = [
    { label: 'New Leads Received', caption: 'Ready for screening', value: stats.newLeads, color: 'blue' },
    { label: 'In Screening Process', caption: 'Booking consultations', value: stats.inScreeningLeads, color: 'cyan' },
    {
      label: 'Consultations Completed',
      caption: 'Ready for agreements',
      value: stats.consultationCompletedLeads,
      color: 'teal',
    },
    {
      label: 'Agreements in Progress',
      caption: 'Awaiting signatures/payment',
      value: agreementsInProgress(stats),
      color: 'green',
    },
  ];
  const max = Math.max(1, ...rows.map((r) => r.value));
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-labelledby="pipeline-status" h="100%">
      <Title order={2} fz="md" mb="sm" id="pipeline-status">
        Lead Pipeline Status
      </Title>
      <Stack gap="sm">
        {rows.map((row) => (
          <div key={row.label}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <div>
                <Text size="sm" fw={600}>
                  {row.label}
                </Text>
                <Text size="xs" c="dimmed">
                  {row.caption}
                </Text>
              </div>
              <Text
                fw={700}
                fz="lg"
                style={{ fontVariantNumeric: 'tabular-nums' }}
                data-testid={`pipeline-${row.label}`}
              >
                {row.value}
              </Text>
            </Group>
            <Progress value={(row.value / max) * 100} color={row.color} size="sm" mt={6} aria-hidden />
          </div>
        ))}
      </Stack>
    </Card>
  );
}
