// Finance → Services Overview (spec 3 §2.1; issue 11 items 4 and 6): every service sold to a lead or a
// client, filtered, searched, sorted and paged by the server; the cards over the whole filtered set from
// the summary request; Compact/Expand kept in the browser; rows chosen for a CSV or Excel export; View
// Profile and Delete. The filters, sort and page live in the URL.
import { Badge, Button, Card, Center, EmptyState, Group, Loader, Menu, Stack, Text, Title } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  IconChartBar,
  IconDownload,
  IconFileSpreadsheet,
  IconFileTypeCsv,
  IconLayoutList,
  IconLayoutNavbarCollapse,
  IconReceipt,
} from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import {
  DEFAULT_PAGE_SIZE,
  type ExportFormat,
  exportedMessage,
  pageSizeChoices,
  pageSizeFor,
  ROLE_LABELS,
  type ServiceOverviewRow,
} from '@crm/domain';
import { CollapsibleStatistics } from '../../../components/collapsible-statistics.tsx';
import { ListFooter, navigationOf } from '../../../components/list-footer.tsx';
import { ListLoadError } from '../../../components/list-load-error.tsx';
import { NoMatchesState } from '../../../components/no-matches-state.tsx';
import { useAuthorization } from '../../../lib/authorization.ts';
import { usePhoneLayout } from '../../../lib/use-phone-layout.ts';
import { useDateFormat } from '../../../lib/format.ts';
import { FIRST_PAGE, navigationParams } from '../../../lib/list-navigation.ts';
import { type ExportRequest, useServicesExport } from '../api/export-services.ts';
import { useServiceOverview } from '../api/service-overview.ts';
import { useServiceSummary } from '../api/service-summary.ts';
import {
  DEFAULT_OVERVIEW_SORT,
  type FinanceSearch,
  hasFilters,
  NO_FILTERS,
  overviewFilter,
} from '../finance-search.ts';
import classes from '../finance.module.css';
import { DeleteServiceDialog } from './delete-service-dialog.tsx';
import { OverviewFilters } from './overview-filters.tsx';
import { OverviewSummaryCards } from './overview-summary-cards.tsx';
import { OverviewTable } from './overview-table.tsx';

/** The browser's memory of Compact/Expand (spec 3 §2.1). */
export const COMPACT_STORAGE_KEY = 'finance-services-compact';
/** The browser's memory of whether the charts are shown. */
export const CHARTS_STORAGE_KEY = 'finance-services-charts';

const OverviewCharts = lazy(() => import('./overview-charts.tsx'));

const FORMAT_NAMES: Record<ExportFormat, string> = { csv: 'CSV', xlsx: 'Excel' };
const count = (n: number) => n.toLocaleString('en-AU');

type ServicesOverviewProps = {
  search: FinanceSearch;
  setSearch: (patch: Partial<FinanceSearch>, options?: { replace?: boolean }) => void;
};

export function ServicesOverview({ search, setSearch }: ServicesOverviewProps) {
  const { role, can } = useAuthorization();
  const { formatDate } = useDateFormat();
  const canExport = can('finance:export');
  const canDelete = can('finance:delete');
  const phone = usePhoneLayout();

  const filter = overviewFilter(search);
  const sort = search.sort ?? DEFAULT_OVERVIEW_SORT;
  const pageSize = pageSizeFor(role, search.pageSize);
  const navigation = navigationOf(search);
  const params = { ...filter, sort, pageSize, ...navigationParams(navigation) };
  const list = useServiceOverview(params);
  const summary = useServiceSummary(filter);
  const rows = list.data?.items ?? [];

  const [compact, setCompact] = useLocalStorage<boolean>({
    key: COMPACT_STORAGE_KEY,
    defaultValue: false,
    getInitialValueInEffect: false,
  });
  const [showCharts, setShowCharts] = useLocalStorage<boolean>({
    key: CHARTS_STORAGE_KEY,
    defaultValue: true,
    getInitialValueInEffect: false,
  });

  // The choice is of the rows on screen: another page, sort or filter starts a new one (and keeps an export
  // of chosen rows to one page's ids).
  const selectionKey = JSON.stringify(params);
  const [selection, setSelection] = useState<{ key: string; rows: ServiceOverviewRow[] }>({ key: '', rows: [] });
  const onScreen = new Set(rows.map((r) => r.id));
  const selected = selection.key === selectionKey ? selection.rows.filter((r) => onScreen.has(r.id)) : [];
  const select = (next: ServiceOverviewRow[]) => setSelection({ key: selectionKey, rows: next });

  const [deleting, setDeleting] = useState<ServiceOverviewRow | null>(null);
  const exporter = useServicesExport();

  const changeFilters = (patch: Partial<FinanceSearch>) => setSearch({ ...patch, ...FIRST_PAGE }, { replace: true });

  // Deletes (here or elsewhere) can empty a page further on: go back to the first one.
  const pastTheEnd = Boolean(
    list.data && !list.isPlaceholderData && rows.length === 0 && Object.keys(navigationParams(navigation)).length > 0,
  );
  useEffect(() => {
    if (pastTheEnd) setSearch(FIRST_PAGE, { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- setSearch is rebuilt each render; the step depends only on this
  }, [pastTheEnd]);

  const total = summary.data?.totalServices ?? null;
  // The list is never counted; the footer places the rows in the summary's exact count of the same filters.
  const counted = list.data && { ...list.data, total, totalCapped: false };

  const exportFile = async (format: ExportFormat, chosen: ServiceOverviewRow[] | null) => {
    const n = chosen ? chosen.length : (total ?? 0);
    const request: ExportRequest = chosen ? { format, ids: chosen.map((r) => r.id) } : { format, filter };
    const id = notifications.show({
      loading: true,
      autoClose: false,
      withCloseButton: false,
      title: `Exporting to ${FORMAT_NAMES[format]}...`,
      message: `Preparing ${count(n)} ${n === 1 ? 'service' : 'services'}; the download starts when the file is ready.`,
    });
    try {
      await exporter.run(request);
      notifications.update({
        id,
        loading: false,
        color: 'green',
        title: null,
        message: exportedMessage(n, format),
        autoClose: 6000,
        withCloseButton: true,
        closeButtonProps: { 'aria-label': 'Close notification' },
      });
    } catch (error) {
      notifications.update({
        id,
        loading: false,
        color: 'red',
        title: 'Export failed',
        message: (error as Error).message || 'The file could not be prepared. Please try again.',
        autoClose: 8000,
        withCloseButton: true,
        closeButtonProps: { 'aria-label': 'Close notification' },
      });
    }
  };

  const filtered = hasFilters(search);
  const updating = (list.isFetching && !list.isPending) || (summary.isFetching && !summary.isPending);
  const range = dateRangeText(search.from, search.until, formatDate);

  return (
    <Stack gap={0}>
      <Group justify="space-between" align="flex-end" mb="sm" gap="sm" wrap="wrap">
        <div>
          <Title order={2} fz={20}>
            Services Overview
          </Title>
          <Text size="sm" c="dimmed" data-testid="overview-date-range">
            {range}
          </Text>
        </div>
        <Group gap="xs" wrap="wrap">
          {updating ? (
            <Badge variant="light" color="blue" leftSection={<Loader size={10} color="blue" />} role="status">
              Updating...
            </Badge>
          ) : null}
          <Button
            variant="default"
            leftSection={compact ? <IconLayoutList size={16} /> : <IconLayoutNavbarCollapse size={16} />}
            // The label names what a click does (Compact hides Type, Date and the second lines).
            onClick={() => setCompact(!compact)}
          >
            {compact ? 'Expand' : 'Compact'}
          </Button>
          {phone ? null : (
            <Button
              variant="default"
              leftSection={<IconChartBar size={16} />}
              aria-pressed={showCharts}
              onClick={() => setShowCharts(!showCharts)}
            >
              {showCharts ? 'Hide charts' : 'Show charts'}
            </Button>
          )}
          {canExport ? (
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <Button
                  variant="default"
                  leftSection={<IconDownload size={16} />}
                  loading={exporter.running !== null && !exporter.running.selection}
                  disabled={!total}
                >
                  Export
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Label>
                  All {total === null ? '' : count(total)} {filtered ? 'filtered services' : 'services'}
                </Menu.Label>
                <Menu.Item leftSection={<IconFileTypeCsv size={16} />} onClick={() => void exportFile('csv', null)}>
                  Export to CSV
                </Menu.Item>
                <Menu.Item
                  leftSection={<IconFileSpreadsheet size={16} />}
                  onClick={() => void exportFile('xlsx', null)}
                >
                  Export to Excel
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          ) : null}
        </Group>
      </Group>

      <OverviewSummaryCards summary={summary.data} failed={summary.isError} />

      {showCharts || phone ? (
        // On a phone the charts fold behind one line like the cards (the list starts above the fold).
        <CollapsibleStatistics label="Charts" summary="revenue by month, payment status" mb="md">
          <Suspense
            fallback={
              <Center h={120} mb="md">
                <Loader size="sm" />
              </Center>
            }
          >
            <OverviewCharts filter={filter} />
          </Suspense>
        </CollapsibleStatistics>
      ) : null}

      <Card withBorder padding={0} radius="md">
        <OverviewFilters search={search} onChange={changeFilters} />

        {selected.length > 0 ? (
          <Group gap="xs" px="sm" py={6} className={classes.selectionBar} wrap="wrap">
            <Text size="sm" fw={600} aria-live="polite" data-testid="overview-selected">
              {selected.length} selected
            </Text>
            <Button size="compact-sm" variant="subtle" onClick={() => select([])}>
              Clear
            </Button>
            {(['csv', 'xlsx'] as const).map((format) => (
              <Button
                key={format}
                size="compact-sm"
                variant="default"
                leftSection={format === 'csv' ? <IconFileTypeCsv size={14} /> : <IconFileSpreadsheet size={14} />}
                loading={exporter.running?.selection === true && exporter.running.format === format}
                disabled={exporter.running !== null}
                onClick={() => void exportFile(format, selected)}
              >
                {FORMAT_NAMES[format]}
              </Button>
            ))}
          </Group>
        ) : null}

        {list.isError ? (
          <ListLoadError
            error={list.error}
            title="Error loading services:"
            role={ROLE_LABELS[role]}
            onRetry={() => void list.refetch()}
          />
        ) : !list.isPending && rows.length === 0 ? (
          filtered ? (
            <NoMatchesState
              title="No services found"
              description="No service matches these filters. Try another search or date range."
              clear={{
                label: 'Clear filters',
                onClick: () => changeFilters(NO_FILTERS),
              }}
            />
          ) : (
            <EmptyState
              py={48}
              icon={<IconReceipt size={28} />}
              title="No services found"
              description="Services added to a lead or a client in its Services tab appear here."
            />
          )
        ) : (
          <>
            <OverviewTable
              rows={rows}
              loading={list.isPending}
              compact={compact}
              sort={sort}
              onSort={(next) => setSearch({ sort: next === DEFAULT_OVERVIEW_SORT ? undefined : next, ...FIRST_PAGE })}
              selectable={canExport}
              selected={selected}
              onSelect={select}
              canDelete={canDelete}
              onDelete={setDeleting}
            />
            <ListFooter
              page={counted}
              navigation={navigation}
              loading={list.isPending}
              pageSize={pageSize}
              pageSizes={pageSizeChoices(role)}
              onNavigate={(next) => setSearch({ ...FIRST_PAGE, ...next })}
              onPageSize={(n) => setSearch({ pageSize: n === DEFAULT_PAGE_SIZE ? undefined : n, ...FIRST_PAGE })}
            />
          </>
        )}
      </Card>

      <DeleteServiceDialog service={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}

/** The header's words for the chosen start-date range (spec 3 §2.1: the range shown as text). */
export function dateRangeText(
  from: string | undefined,
  until: string | undefined,
  formatDate: (date: string) => string,
): string {
  const undated = ' (and services without a start date)';
  if (from && until) return `Start dates ${formatDate(from)} – ${formatDate(until)}${undated}`;
  if (from) return `Start dates from ${formatDate(from)}${undated}`;
  if (until) return `Start dates until ${formatDate(until)}${undated}`;
  return 'All dates';
}
