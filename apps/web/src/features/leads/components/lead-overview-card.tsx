// The 'Lead Overview' card at the left of the edit panel (spec 1 §2.5, spec 2 "Lead form").
import { hasCurrentVisa, type LeadRecord } from '@crm/domain';
import { LeadStatusBadge } from '../../../components/status-badge.tsx';
import { useDateFormat } from '../../../lib/format.ts';
import { notSet, OverviewRow, OverviewSection, RecordOverviewCard } from '../../records/index.ts';

export function LeadOverviewCard({ lead, onOpenTasks }: { lead: LeadRecord; onOpenTasks: () => void }) {
  const { formatDate } = useDateFormat();
  const inside = hasCurrentVisa(lead.applicantLocation);
  return (
    <RecordOverviewCard
      title="Lead Overview"
      record={lead}
      badges={<LeadStatusBadge status={lead.leadStatus} />}
      tasks={{ type: 'lead', id: lead.id, onOpen: onOpenTasks }}
    >
      <OverviewSection>
        <OverviewRow label="Email" value={lead.email} />
        <OverviewRow label="Contact" value={lead.contactNumberDisplay} />
        <OverviewRow label="Location" value={notSet(lead.applicantLocation)} />
        {!inside ? <OverviewRow label="Desired visa" value={notSet(lead.desiredVisa)} /> : null}
        <OverviewRow label="Source" value={lead.leadSource} />
      </OverviewSection>
      {inside ? (
        <OverviewSection label="Visa Information">
          <OverviewRow label="Current visa" value={notSet(lead.currentVisaSubclass)} />
          <OverviewRow label="Expiry" value={formatDate(lead.visaExpiryDate)} />
          <OverviewRow label="Desired visa" value={notSet(lead.desiredVisa)} />
        </OverviewSection>
      ) : null}
    </RecordOverviewCard>
  );
}
