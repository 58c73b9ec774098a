// The 'Client Overview' card at the left of the client panel (spec 1 §2.6).
import { Text } from '@mantine/core';
import { type ClientRecord, hasCurrentVisa } from '@crm/domain';
import { ClientStatusBadge, PassportStatusBadge } from '../../../components/status-badge.tsx';
import { useDateFormat } from '../../../lib/format.ts';
import { notSet, OverviewRow, OverviewSection, RecordLink, RecordOverviewCard } from '../../records/index.ts';

type ClientOverviewCardProps = {
  client: ClientRecord;
  /** Opens the lead the client was converted from. */
  onOpenLead: (leadId: string) => void;
  onOpenTasks: () => void;
};

export function ClientOverviewCard({ client, onOpenLead, onOpenTasks }: ClientOverviewCardProps) {
  const { formatDate } = useDateFormat();
  const inside = hasCurrentVisa(client.applicantLocation);
  const fromLead = client.convertedFromLeadId;
  return (
    <RecordOverviewCard
      title="Client Overview"
      record={client}
      tasks={{ type: 'client', id: client.id, onOpen: onOpenTasks }}
      badges={
        <>
          <ClientStatusBadge status={client.status} />
          <PassportStatusBadge status={client.passportStatus} withLabel />
        </>
      }
      footer={
        fromLead ? (
          <Text size="sm">
            Converted from lead <RecordLink type="lead" id={fromLead} onOpen={onOpenLead} />
          </Text>
        ) : null
      }
    >
      <OverviewSection>
        <OverviewRow label="Email" value={client.email} />
        <OverviewRow label="Contact" value={client.contactNumberDisplay} />
        <OverviewRow label="Location" value={notSet(client.applicantLocation)} />
        <OverviewRow label="Marital" value={notSet(client.maritalStatus)} />
        <OverviewRow label="Dependents" value={client.numberOfDependents || '0'} />
        <OverviewRow
          label="Passport"
          value={
            client.passportNumber ? `${client.passportNumber} · ${formatDate(client.passportExpiryDate)}` : 'Not set'
          }
        />
        <OverviewRow label="Source" value={notSet(client.leadSource)} />
      </OverviewSection>
      <OverviewSection label="Visa Information">
        {inside ? (
          <>
            <OverviewRow label="Current visa" value={notSet(client.currentVisaSubclass)} />
            <OverviewRow label="Expiry" value={formatDate(client.visaExpiryDate)} />
          </>
        ) : null}
        <OverviewRow label="Desired visa" value={notSet(client.desiredVisa)} />
      </OverviewSection>
    </RecordOverviewCard>
  );
}
