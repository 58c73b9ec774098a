// / and /dashboard (spec 1 §2.2): the four figure cards, Lead Pipeline Status, Quick Status
// Overview and the pipeline charts, computed by the server from the leads the user may see.
import { Alert, Badge, Button, Grid, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  IconAlertTriangle,
  IconArrowRight,
  IconChartBar,
  IconCircleCheck,
  IconPercentage,
  IconSparkles,
  IconUsers,
} from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { activeLeads, dashboardConversionRate, GOOD_CONVERSION_RATE } from '@crm/domain';
import { PageHeader } from '../../components/page-header.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { pageName, useDocumentTitle } from '../../lib/use-document-title.ts';
import { useDateFormat } from '../../lib/format.ts';
import { EMPTY_CONVERSION_STATISTICS, useConversionStatistics } from './api/conversion-statistics.ts';
import { useLeadStatistics } from './api/lead-statistics.ts';
import { useLeadTrend } from './api/lead-trend.ts';
import { PipelineStatusCard } from './components/pipeline-status-card.tsx';
import { QuickStatusCard } from './components/quick-status-card.tsx';
import { StatCard } from './components/stat-card.tsx';

const PipelineCharts = lazy(() => import('./components/pipeline-charts.tsx'));

export function DashboardPage() {
  useDocumentTitle(pageName('/dashboard'));
  const { formatDate } = useDateFormat();
  const stats = useLeadStatistics();
  const conversion = useConversionStatistics();
  const trend = useLeadTrend();
  const updating =
    (stats.isFetching && !stats.isPending) ||
    (conversion.isFetching && !conversion.isPending) ||
    (trend.isFetching && !trend.isPending);
  const updatedAt = Math.max(stats.dataUpdatedAt, conversion.dataUpdatedAt);

  const header = (
    <PageHeader
      title="Dashboard"
      subtitle={
        <Group gap="xs" component="span">
          <span>Last updated {formatDate(new Date(updatedAt || Date.now()))}</span>
          {updating ? (
            <Badge size="xs" variant="light" color="blue" tt="none">
              Updating
            </Badge>
          ) : null}
        </Group>
      }
      actions={
        <>
          <Button component={Link} to="/leads-clients" variant="default" leftSection={<IconChartBar size={16} />}>
            View detailed pipeline
          </Button>
          <Button component={Link} to="/leads-clients" rightSection={<IconArrowRight size={16} />}>
            View all leads
          </Button>
        </>
      }
    />
  );

  if (stats.isPending) {
    return (
      <>
        {header}
        <PageLoader label="Loading pipeline data..." />
      </>
    );
  }
  if (stats.isError) {
    return (
      <>
        {header}
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          title="Error loading pipeline data"
          role="alert"
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm">Failed to fetch lead statistics: {stats.error.message}</Text>
            <Button size="xs" color="red" variant="light" onClick={() => void stats.refetch()}>
              Try Again
            </Button>
          </Stack>
        </Alert>
      </>
    );
  }

  const s = stats.data;
  const c = conversion.data ?? EMPTY_CONVERSION_STATISTICS;
  const rate = dashboardConversionRate(s);
  const good = rate >= GOOD_CONVERSION_RATE;
  return (
    <>
      {header}
      <Stack gap="md">
        <SimpleGrid cols={{ base: 2, lg: 4 }} spacing={{ base: 'xs', sm: 'md' }}>
          <StatCard
            title="Active Leads"
            value={String(activeLeads(s))}
            caption="Currently in pipeline"
            icon={<IconUsers size={18} />}
          />
          <StatCard
            title="Converted Leads"
            value={String(s.convertedLeads)}
            caption="Successfully converted"
            icon={<IconCircleCheck size={18} />}
            footnote={`${c.recentConversions} in the last 30 days${c.totalReversions > 0 ? ` · ${c.totalReversions} reverted` : ''}`}
          />
          <StatCard
            title="New Leads"
            value={String(s.newLeads)}
            caption="Need immediate attention"
            icon={<IconSparkles size={18} />}
          />
          <StatCard
            title="Conversion Rate"
            value={`${rate}%`}
            caption="Lead to client success"
            icon={<IconPercentage size={18} />}
            valueColor={good ? 'var(--mantine-color-green-text)' : 'var(--mantine-color-orange-text)'}
          />
        </SimpleGrid>
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <PipelineStatusCard stats={s} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <QuickStatusCard stats={s} />
          </Grid.Col>
        </Grid>
        <Suspense fallback={<PageLoader label="Loading charts..." />}>
          <PipelineCharts trend={trend.data} loading={trend.isPending} />
        </Suspense>
        {trend.isError ? (
          <Text size="xs" c="dimmed">
            The weekly chart could not be loaded: {trend.error.message}
          </Text>
        ) : null}
      </Stack>
    </>
  );
}
