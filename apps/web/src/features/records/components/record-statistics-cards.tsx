// The five figure cards above the combined list (spec 1 §2.4); folded on a phone so the list starts
// above the fold.
import type { RecordStatistics } from '@crm/domain';
import { CollapsibleStatistics } from '../../../components/collapsible-statistics.tsx';
import { type Counter, CounterCards } from '../../../components/counter-cards.tsx';

const FIGURES: Counter<RecordStatistics>[] = [
  { label: 'Total Records', value: (s) => s.totalRecords },
  { label: 'Active Leads', value: (s) => s.activeLeads },
  { label: 'Converted Clients', value: (s) => s.convertedClients },
  { label: 'Lost Leads', value: (s) => s.lostLeads },
  { label: 'Conversion Rate', value: (s) => `${s.conversionRate.toFixed(1)}%` },
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
      <CounterCards
        counters={FIGURES}
        data={statistics}
        failed={failed}
        testIdPrefix="records-stat"
        cols={{ base: 2, sm: 3, md: 5 }}
      />
    </CollapsibleStatistics>
  );
}
