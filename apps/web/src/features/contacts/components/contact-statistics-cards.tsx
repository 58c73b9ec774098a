// The five figure cards above the contacts table, in the firm's words (spec 2 §3 contact statistics);
// folded on a phone so the list starts above the fold.
import type { ContactStatistics } from '@crm/domain';
import { CollapsibleStatistics } from '../../../components/collapsible-statistics.tsx';
import { type Counter, CounterCards } from '../../../components/counter-cards.tsx';

const FIGURES: Counter<ContactStatistics>[] = [
  { label: 'Total Contacts', caption: 'Archived leads in the list', value: (s) => s.totalContacts },
  { label: 'Active Contacts', caption: 'Ready for a follow-up', value: (s) => s.activeContacts },
  { label: 'Inactive Contacts', caption: 'Not currently marked active', value: (s) => s.inactiveContacts },
  { label: 'Can Return as Lead', caption: 'Still restorable to the leads list', value: (s) => s.revertibleContacts },
  { label: 'Restored Recently', caption: 'Back as lead or client, last 30 days', value: (s) => s.recentConversions },
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
      <CounterCards
        counters={FIGURES}
        data={statistics}
        failed={failed}
        testIdPrefix="contacts-stat"
        cols={{ base: 2, sm: 3, md: 5 }}
      />
    </CollapsibleStatistics>
  );
}
