// The 'Lead Overview' card at the left of the edit panel (spec 1 §2.5, spec 2 "Lead form").
import { Badge, Card, DataList, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { IconEyeOff } from '@tabler/icons-react';
import { ageInYears, fullNameOf, type LeadRecord } from '@crm/domain';
import { formatDate } from '../../../lib/format.ts';
import { LeadStatusBadge } from './lead-status-badge.tsx';

const notSet = (value: string | null | undefined) => value || 'Not set';

export function LeadOverviewCard({ lead }: { lead: LeadRecord }) {
  const age = ageInYears(lead.dateOfBirth);
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-labelledby="lead-overview-title">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={3} fz="sm" fw={600} c="dimmed" id="lead-overview-title">
            Lead Overview
          </Title>
          <Text size="xs" ff="monospace" c="dimmed">
            {lead.displayId}
          </Text>
        </Group>
        <div>
          <Text fw={700} size="lg" lh={1.3}>
            {fullNameOf(lead)}
          </Text>
          <Text size="sm" c="dimmed">
            {[age !== null ? `${age} years` : null, lead.nationality].filter(Boolean).join(' · ') || 'Not set'}
          </Text>
        </div>
        <Group gap={6}>
          <LeadStatusBadge status={lead.leadStatus} />
          {lead.isHidden ? (
            <Badge size="sm" variant="outline" color="gray" tt="none" leftSection={<IconEyeOff size={12} />}>
              Hidden
            </Badge>
          ) : null}
        </Group>
        <DataList size="sm" gap={6} labelWidth={92}>
          <Row label="Email" value={lead.email} />
          <Row label="Contact" value={lead.contactNumber} />
          <Row label="Location" value={notSet(lead.applicantLocation)} />
          {lead.applicantLocation !== 'Inside Australia' ? (
            <Row label="Desired visa" value={notSet(lead.desiredVisa)} />
          ) : null}
          <Row label="Source" value={lead.leadSource} />
        </DataList>
        {lead.applicantLocation === 'Inside Australia' ? (
          <>
            <Divider label="Visa Information" labelPosition="left" />
            <DataList size="sm" gap={6} labelWidth={92}>
              <Row label="Current visa" value={notSet(lead.currentVisaSubclass)} />
              <Row label="Expiry" value={formatDate(lead.visaExpiryDate)} />
              <Row label="Desired visa" value={notSet(lead.desiredVisa)} />
            </DataList>
          </>
        ) : null}
        <Divider label="Assignment" labelPosition="left" />
        <DataList size="sm" gap={6} labelWidth={92}>
          <Row label="Manager" value={lead.manager?.fullName ?? 'Unassigned'} />
          <Row label="Assistant" value={lead.assistantManager?.fullName ?? 'Unassigned'} />
          <Row label="Agent" value={lead.migrationAgent?.fullName ?? 'Unassigned'} />
        </DataList>
        <Divider label="Dates" labelPosition="left" />
        <DataList size="sm" gap={6} labelWidth={92}>
          <Row label="Created" value={formatDate(lead.createdAt)} />
          <Row label="Updated" value={formatDate(lead.updatedAt)} />
          <Row label="Converted" value={formatDate(lead.convertedAt)} />
        </DataList>
      </Stack>
    </Card>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel c="dimmed">{label}</DataList.ItemLabel>
      <DataList.ItemValue
        style={{ wordBreak: 'break-word' }}
        c={value === 'Not set' || value === 'Unassigned' ? 'dimmed' : undefined}
      >
        {value}
      </DataList.ItemValue>
    </DataList.Item>
  );
}
