// The Services Overview's charts (issue 11 item 5): revenue and paid per month in one currency at a time,
// and how the filtered services split by payment status. Both over the same filters as the list and the
// cards, from GET /api/services/chart. Loaded on its own (React.lazy) so the charting code is fetched only
// when the overview is opened.
import '@mantine/charts/styles.css';
import { BarChart, DonutChart } from '@mantine/charts';
import { Card, Center, Grid, Group, Loader, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { displayMoney, PAYMENT_STATUS_LOOKS, type PaymentStatus, type ServiceChart } from '@crm/domain';
import { useServiceChart } from '../api/service-chart.ts';
import type { OverviewFilter } from '../finance-search.ts';
import { chartCurrencies, MAX_CHART_MONTHS, monthlyBars } from '../overview-chart-data.ts';

const money = (value: number, currency: string) => displayMoney(BigInt(Math.round(value * 100)), currency);

/** Axis ticks: '₱1.2M', 'A$35k'. */
const shortMoney = (value: number, currency: string) => {
  const symbol = displayMoney(0n, currency).replace('0.00', '');
  const abs = Math.abs(value);
  if (abs >= 1_000_000) return `${symbol}${(value / 1_000_000).toFixed(1).replace(/\.0$/, '')}M`;
  if (abs >= 1_000) return `${symbol}${(value / 1_000).toFixed(0)}k`;
  return `${symbol}${value.toFixed(0)}`;
};

const STATUS_COLOURS: Record<PaymentStatus, string> = {
  Paid: PAYMENT_STATUS_LOOKS.Paid.color ?? 'green.7',
  'Partially Paid': PAYMENT_STATUS_LOOKS['Partially Paid'].color ?? 'orange.7',
  Unpaid: PAYMENT_STATUS_LOOKS.Unpaid.color ?? 'red.7',
  'N/A': 'gray.5',
};

export default function OverviewCharts({ filter }: { filter: OverviewFilter }) {
  const chart = useServiceChart(filter);
  const [chosen, setChosen] = useState<string | null>(null);
  const data = chart.data;
  const currencies = data ? chartCurrencies(data) : [];
  const currency = chosen && currencies.includes(chosen) ? chosen : (currencies[0] ?? null);

  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Card withBorder padding="md" radius="md" component="section" aria-labelledby="revenue-chart" h="100%">
          <Group justify="space-between" align="flex-start" gap="xs" mb="sm">
            <div>
              <Title order={3} fz="md" id="revenue-chart">
                Revenue and paid by month
              </Title>
              <Text size="xs" c="dimmed">
                By start date (the date added when there is none), in the chosen filters
              </Text>
            </div>
            {currencies.length > 1 && currency ? (
              <SegmentedControl
                size="xs"
                value={currency}
                onChange={setChosen}
                data={currencies}
                aria-label="Currency of the chart"
              />
            ) : null}
          </Group>
          {chart.isPending ? (
            <ChartState>
              <Loader size="sm" />
            </ChartState>
          ) : chart.isError ? (
            <ChartState>The chart could not be loaded. It is tried again when the filters change.</ChartState>
          ) : !data || !currency ? (
            <ChartState>No services in these filters.</ChartState>
          ) : (
            <MonthlyChart chart={data} currency={currency} />
          )}
        </Card>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Card withBorder padding="md" radius="md" component="section" aria-labelledby="status-chart" h="100%">
          <Title order={3} fz="md" id="status-chart">
            Payment status
          </Title>
          <Text size="xs" c="dimmed" mb="sm">
            Services in the chosen filters, by what has been paid
          </Text>
          {chart.isPending ? (
            <ChartState>
              <Loader size="sm" />
            </ChartState>
          ) : chart.isError || !data ? (
            <ChartState>The chart could not be loaded. It is tried again when the filters change.</ChartState>
          ) : (
            <StatusChart chart={data} />
          )}
        </Card>
      </Grid.Col>
    </Grid>
  );
}

function MonthlyChart({ chart, currency }: { chart: ServiceChart; currency: string }) {
  const { bars, hidden } = monthlyBars(chart, currency);
  const summary = bars.map((b) => `${b.month}: revenue ${money(b.Revenue, currency)}, paid ${money(b.Paid, currency)}`);
  return (
    <>
      <div role="img" aria-label={`Revenue and paid by month in ${currency}. ${summary.join('; ')}`}>
        <BarChart
          h={240}
          data={bars}
          dataKey="month"
          series={[
            { name: 'Revenue', color: 'blue.6' },
            { name: 'Paid', color: 'green.7' },
          ]}
          withLegend
          legendProps={{ verticalAlign: 'bottom', height: 28 }}
          tickLine="none"
          gridAxis="x"
          maxBarWidth={22}
          valueFormatter={(value) => money(value, currency)}
          yAxisProps={{ width: 56, tickFormatter: (value: number) => shortMoney(value, currency) }}
          xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 16 }}
        />
      </div>
      {hidden > 0 ? (
        <Text size="xs" c="dimmed" mt={4}>
          The latest {MAX_CHART_MONTHS} months are shown; {hidden} earlier {hidden === 1 ? 'month is' : 'months are'}{' '}
          left out. Choose a start-date range to see them.
        </Text>
      ) : null}
    </>
  );
}

function StatusChart({ chart }: { chart: ServiceChart }) {
  const total = chart.paymentStatuses.reduce((n, s) => n + s.count, 0);
  const slices = chart.paymentStatuses
    .filter((s) => s.count > 0)
    .map((s) => ({ name: s.status, value: s.count, color: STATUS_COLOURS[s.status] }));
  if (total === 0) return <ChartState>No services in these filters.</ChartState>;
  return (
    <Group gap="md" align="center" wrap="nowrap" justify="center">
      <div
        role="img"
        aria-label={`Payment status: ${chart.paymentStatuses.map((s) => `${s.status} ${s.count}`).join(', ')}`}
      >
        <DonutChart
          data={slices}
          size={140}
          thickness={22}
          withTooltip={false}
          chartLabel={total.toLocaleString('en-AU')}
        />
      </div>
      <Stack gap={6} data-testid="payment-status-split">
        {chart.paymentStatuses.map((s) => (
          <Group key={s.status} gap={8} wrap="nowrap">
            <span
              aria-hidden
              style={{
                width: 10,
                height: 10,
                borderRadius: 2,
                flex: 'none',
                background: STATUS_COLOURS[s.status].startsWith('#')
                  ? STATUS_COLOURS[s.status]
                  : `var(--mantine-color-${STATUS_COLOURS[s.status].replace('.', '-')})`,
              }}
            />
            <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
              {s.status}
            </Text>
            <Text size="sm" fw={600} ml="auto" pl="sm">
              {s.count.toLocaleString('en-AU')}
            </Text>
          </Group>
        ))}
      </Stack>
    </Group>
  );
}

function ChartState({ children }: { children: React.ReactNode }) {
  return (
    <Center h={200}>
      <Text size="sm" c="dimmed" ta="center">
        {children}
      </Text>
    </Center>
  );
}
