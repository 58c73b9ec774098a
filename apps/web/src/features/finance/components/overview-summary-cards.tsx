// The Services Overview's cards (spec 3 §2.1): the count of the filtered services, and one card per
// currency present (PHP first, as the server orders them) with its revenue, paid and pending amounts.
// Every figure is the server's, over the whole filtered set; money stays a decimal string until
// displayMoney writes it (no float on the way).
import { Card, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { centsOf, displayMoney, type ServiceSummary } from '@crm/domain';
import { CollapsibleStatistics } from '../../../components/collapsible-statistics.tsx';
import classes from '../finance.module.css';

const count = (n: number) => n.toLocaleString('en-AU');

type OverviewSummaryCardsProps = { summary: ServiceSummary | undefined; failed: boolean };

export function OverviewSummaryCards({ summary, failed }: OverviewSummaryCardsProps) {
  const active = summary?.currencies.reduce((n, c) => n + c.activeCount, 0) ?? 0;
  const completed = summary?.currencies.reduce((n, c) => n + c.completedCount, 0) ?? 0;
  return (
    <CollapsibleStatistics
      label="Service totals"
      summary={summary ? `${count(summary.totalServices)} services` : undefined}
      mb="md"
    >
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="xs">
        <Card withBorder padding="sm" radius="md" component="section" aria-label="Total Services">
          <Text size="xs" fw={600} c="dimmed">
            Total Services
          </Text>
          {summary ? (
            <Text fz={26} fw={700} lh={1.2} mt={2} className={classes.figure} data-testid="overview-total">
              {count(summary.totalServices)}
            </Text>
          ) : failed ? (
            <Text fz={26} fw={700} lh={1.2} mt={2} c="dimmed" title="The totals could not be loaded">
              —
            </Text>
          ) : (
            <Skeleton height={26} width="40%" mt={4} radius="sm" />
          )}
          <Text size="xs" c="dimmed" mt={2}>
            {summary ? `${count(active)} active · ${count(completed)} completed` : 'In the chosen filters'}
          </Text>
        </Card>
        {summary?.currencies.map((group) => {
          const pending = centsOf(group.pendingPayments);
          const lines = [
            { label: 'Revenue', amount: centsOf(group.totalRevenue), tone: undefined },
            { label: 'Paid', amount: centsOf(group.totalPaid), tone: classes.settled },
            { label: 'Pending', amount: pending, tone: pending > 0n ? classes.owing : classes.settled },
          ];
          return (
            <Card
              key={group.currency}
              withBorder
              padding="sm"
              radius="md"
              component="section"
              aria-label={`${group.currency} services`}
              data-testid={`overview-currency-${group.currency}`}
            >
              <Text size="xs" fw={600} c="dimmed">
                {group.currency} · {count(group.serviceCount)} {group.serviceCount === 1 ? 'service' : 'services'}
              </Text>
              <Stack gap={0} mt={2}>
                {lines.map((line) => (
                  <div key={line.label} className={classes.moneyLine}>
                    <Text size="sm" c="dimmed">
                      {line.label}
                    </Text>
                    <Text
                      size="sm"
                      fw={700}
                      className={`${classes.figure} ${line.tone ?? ''}`}
                      data-testid={`overview-${group.currency}-${line.label.toLowerCase()}`}
                    >
                      {displayMoney(line.amount, group.currency)}
                    </Text>
                  </div>
                ))}
              </Stack>
            </Card>
          );
        })}
      </SimpleGrid>
    </CollapsibleStatistics>
  );
}
