// The 'Client Overview' card at the left of the client panel (spec 1 §2.6).
import { Anchor, Badge, Card, DataList, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { IconEyeOff } from '@tabler/icons-react';
import { ageInYears, type ClientRecord, displayId, fullNameOf } from '@crm/domain';
import { formatDate } from '../../../lib/format.ts';
import { ClientStatusBadge, PassportStatusBadge } from './client-status-badge.tsx';

const notSet = (value: string | null | undefined) => value || 'Not set';

type ClientOverviewCardProps = {
  client: ClientRecord;
  /** Opens the lead the client was converted from. */
  onOpenLead: (leadId: string) => void;
};

export function ClientOverviewCard({ client, onOpenLead }: ClientOverviewCardProps) {
  const age = ageInYears(client.dateOfBirth);
  const inside = client.applicantLocation === 'Inside Australia';
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-labelledby="client-overview-title">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={3} fz="sm" fw={600} c="dimmed" id="client-overview-title">
            Client Overview
          </Title>
          <Text size="xs" ff="monospace" c="dimmed">
            {client.displayId}
          </Text>
        </Group>
        <div>
          <Text fw={700} size="lg" lh={1.3}>
            {fullNameOf(client)}
          </Text>
          <Text size="sm" c="dimmed">
            {[age !== null ? `${age} years` : null, client.nationality].filter(Boolean).join(' · ') || 'Not set'}
          </Text>
        </div>
        <Group gap={6}>
          <ClientStatusBadge status={client.status} />
          <PassportStatusBadge status={client.passportStatus} withLabel />
          {client.isHidden ? (
            <Badge size="sm" variant="outline" color="gray" tt="none" leftSection={<IconEyeOff size={12} />}>
              Hidden
            </Badge>
          ) : null}
        </Group>
        <DataList size="sm" gap={6} labelWidth={92}>
          <Row label="Email" value={client.email} />
          <Row label="Contact" value={client.contactNumber} />
          <Row label="Location" value={notSet(client.applicantLocation)} />
          <Row label="Marital" value={notSet(client.maritalStatus)} />
          <Row label="Dependents" value={client.numberOfDependents || '0'} />
          <Row
            label="Passport"
            value={
              client.passportNumber ? `${client.passportNumber} · ${formatDate(client.passportExpiryDate)}` : 'Not set'
            }
          />
          <Row label="Source" value={notSet(client.leadSource)} />
        </DataList>
        <Divider label="Visa Information" labelPosition="left" />
        <DataList size="sm" gap={6} labelWidth={92}>
          {inside ? (
            <>
              <Row label="Current visa" value={notSet(client.currentVisaSubclass)} />
              <Row label="Expiry" value={formatDate(client.visaExpiryDate)} />
            </>
          ) : null}
          <Row label="Desired visa" value={notSet(client.desiredVisa)} />
        </DataList>
        <Divider label="Assignment" labelPosition="left" />
        <DataList size="sm" gap={6} labelWidth={92}>
          <Row label="Manager" value={client.manager?.fullName ?? 'Unassigned'} />
          <Row label="Assistant" value={client.assistantManager?.fullName ?? 'Unassigned'} />
          <Row label="Agent" value={client.migrationAgent?.fullName ?? 'Unassigned'} />
        </DataList>
        <Divider label="Dates" labelPosition="left" />
        <DataList size="sm" gap={6} labelWidth={92}>
          <Row label="Created" value={formatDate(client.createdAt)} />
          <Row label="Updated" value={formatDate(client.updatedAt)} />
          <Row label="Converted" value={formatDate(client.convertedAt)} />
        </DataList>
        {client.convertedFromLeadId ? (
          <Text size="sm">
            Converted from lead{' '}
            <Anchor
              underline="always"
              component="button"
              type="button"
              size="sm"
              ff="monospace"
              onClick={() => onOpenLead(client.convertedFromLeadId!)}
            >
              {displayId('lead', client.convertedFromLeadId)}
            </Anchor>
          </Text>
        ) : null}
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
