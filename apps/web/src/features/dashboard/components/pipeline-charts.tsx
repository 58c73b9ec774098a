// The pipeline at a glance: leads at each stage (bars) and new leads per week for 12 weeks.
// Loaded on its own (React.lazy) so the charting code stays out of the first download.
import '@mantine/charts/styles.css';
import { BarChart, BarsList } from '@mantine/charts';
import { Card, Center, Grid, Loader, Text, Title, useComputedColorScheme } from '@mantine/core';
import { type LeadStage, leadStage, type LeadStatus, type LeadTrend } from '@crm/domain';
import { useDateFormat } from '../../../lib/format.ts';

const STAGE_NAMES: Record<LeadStatus, string> = {
  'New Lead Received': 'New',
  'In Screening – Booking Consultation': 'In screening',
  'Consultation Completed': 'Consultation completed',
  'Agreement Sent – Awaiting Signature': 'Agreement sent',
  'Agreement Signed – Awaiting Payment': 'Agreement signed',
  'Converted to Client': 'Converted',
  'Consultation Only – Not Proceeding Yet': 'Consultation only',
  Ineligible: 'Ineligible',
  'Not Proceeding / Lost': 'Not proceeding / lost',
};

/** A bar's shade per stage, light and dark theme: converted green, closed grey, the active pipeline blue. */
const STAGE_COLOURS: Record<LeadStage, { light: string; dark: string }> = {
  converted: { light: 'green.2', dark: '#2e7d32' },
  closed: { light: 'gray.2', dark: 'dark.4' },
  active: { light: 'blue.1', dark: 'blue.9' },
};

export default function PipelineCharts({ trend, loading }: { trend: LeadTrend | undefined; loading: boolean }) {
  // A label longer than its bar runs on past it onto the card, so the text takes the card's contrast
  // and the bars take a shade that the same text reads on.
  const dark = useComputedColorScheme('light') === 'dark';
  const { formatDayMonth } = useDateFormat();
  const stages = (trend?.stages ?? []).map((s) => ({
    name: STAGE_NAMES[s.status as LeadStatus] ?? s.status,
    value: s.count,
    color: STAGE_COLOURS[leadStage(s.status)][dark ? 'dark' : 'light'],
    textColor: dark ? 'gray.0' : 'dark.7',
  }));
  const weeks = (trend?.weeks ?? []).map((w) => ({ week: formatDayMonth(w.weekStart), 'New leads': w.count }));
  const totalNew = weeks.reduce((sum, w) => sum + w['New leads'], 0);
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Card withBorder padding="md" radius="md" component="section" aria-labelledby="stage-chart" h="100%">
          <Title order={2} fz="md" id="stage-chart">
            Leads by stage
          </Title>
          <Text size="xs" c="dimmed" mb="sm">
            Every live lead, from first contact to outcome
          </Text>
          {loading ? (
            <ChartLoader />
          ) : (
            <BarsList
              data={stages}
              barsLabel="Stage"
              valueLabel="Leads"
              barHeight={26}
              barGap={4}
              minBarSize={4}
              styles={{ barLabel: { whiteSpace: 'nowrap', overflow: 'visible' } }}
            />
          )}
        </Card>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Card withBorder padding="md" radius="md" component="section" aria-labelledby="week-chart" h="100%">
          <Title order={2} fz="md" id="week-chart">
            New leads per week
          </Title>
          <Text size="xs" c="dimmed" mb="sm">
            Last 12 weeks · {totalNew} new leads{trend ? ` · weeks start Monday (${trend.timeZone})` : ''}
          </Text>
          {loading ? (
            <ChartLoader />
          ) : (
            <div
              role="img"
              aria-label={`New leads per week for the last 12 weeks: ${weeks.map((w) => `${w.week} ${w['New leads']}`).join(', ')}`}
            >
              <BarChart
                h={260}
                data={weeks}
                dataKey="week"
                series={[{ name: 'New leads', color: 'blue.5' }]}
                tickLine="none"
                gridAxis="x"
                maxBarWidth={28}
                yAxisProps={{ allowDecimals: false, width: 32 }}
                xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 12 }}
              />
            </div>
          )}
        </Card>
      </Grid.Col>
    </Grid>
  );
}

function ChartLoader() {
  return (
    <Center h={240}>
      <Loader size="sm" />
    </Center>
  );
}
