// The summary cards of the Services Availed panel (spec 2): Total Services, Active, Completed, and Total
// Paid and Balance Due with one figure per currency (PHP first, then alphabetically; '$0.00' when the
// record has no services), over all the record's services whatever the filters show. Folded behind one
// line on a phone, so the services themselves start above the fold.
import { Card, SimpleGrid, Stack, Text } from '@mantine/core';
import { centsOf, type CurrencyGroup, currencyGroupsOf, displayMoney, type ServiceRecord } from '@crm/domain';
import { CollapsibleStatistics } from '../../../components/collapsible-statistics.tsx';
import { pendingServiceCount } from '../service-list.ts';

/** Spec 2: the figure shown when there is no currency group. */
const NO_MONEY = '$0.00';

type Figure = { title: string; lines: string[]; caption?: string; testId: string };

function moneyLines(groups: CurrencyGroup[], amount: (g: CurrencyGroup) => string): string[] {
  return groups.length === 0 ? [NO_MONEY] : groups.map((g) => displayMoney(centsOf(amount(g)), g.currency));
}

export function ServiceSummaryCards({ services }: { services: readonly ServiceRecord[] }) {
  const groups = currencyGroupsOf(services);
  const count = (status: ServiceRecord['serviceStatus']) => services.filter((s) => s.serviceStatus === status).length;
  const pending = pendingServiceCount(services);
  const figures: Figure[] = [
    { title: 'Total Services', lines: [String(services.length)], testId: 'total' },
    { title: 'Active', lines: [String(count('Active'))], testId: 'active' },
    { title: 'Completed', lines: [String(count('Completed'))], testId: 'completed' },
    { title: 'Total Paid', lines: moneyLines(groups, (g) => g.totalPaid), testId: 'paid' },
    {
      title: 'Balance Due',
      lines: moneyLines(groups, (g) => g.pendingPayments),
      caption: `${pending} service(s) pending`,
      testId: 'balance',
    },
  ];
  return (
    <CollapsibleStatistics
      label="Service summary"
      summary={`${services.length} service${services.length === 1 ? '' : 's'} · ${pending} pending`}
    >
      <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="xs">
        {figures.map((figure) => (
          <Card
            key={figure.title}
            withBorder
            padding="sm"
            radius="md"
            component="section"
            aria-label={figure.title}
            data-testid={`services-card-${figure.testId}`}
          >
            <Text size="xs" fw={600} c="dimmed">
              {figure.title}
            </Text>
            <Stack gap={0} mt={2}>
              {figure.lines.map((line) => (
                <Text
                  key={line}
                  fz={figure.lines.length > 1 ? 16 : 20}
                  fw={700}
                  lh={1.3}
                  style={{ fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' }}
                >
                  {line}
                </Text>
              ))}
            </Stack>
            {figure.caption ? (
              <Text size="xs" c="dimmed" mt={2}>
                {figure.caption}
              </Text>
            ) : null}
          </Card>
        ))}
      </SimpleGrid>
    </CollapsibleStatistics>
  );
}
