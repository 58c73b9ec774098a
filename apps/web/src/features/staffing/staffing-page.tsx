// /staffing (DECISIONS.md §3; spec 1 §2.1: administrator, account_administrator, supervisor): the firm's
// cards (people, open leads, open clients, open and overdue tasks), the directory of active users with
// role, contact details, last sign-in and open work (search, role filter, sort by any column), a workload
// bar per person, and Reassign: a person's open work handed to someone else after a preview. Live: the
// lead, client, task and user events refresh it.
import {
  Button,
  Card,
  EmptyState,
  Group,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
// Styles of the components only Staffing uses among the lazy pages (the rest load with every page).
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/Checkbox.css';
import { IconUsersGroup } from '@tabler/icons-react';
import { useState } from 'react';
import { ROLE_LABELS, ROLES, type Role, type StaffingSortField, type StaffMember, workloadOf } from '@crm/domain';
import { CountCard } from '../../components/count-card.tsx';
import { CollapsibleStatistics } from '../../components/collapsible-statistics.tsx';
import { FoldedText } from '../../components/list-table/folded-text.tsx';
import { ListCell, type ListColumn, ListTable } from '../../components/list-table/list-table.tsx';
import { ListLoadError } from '../../components/list-load-error.tsx';
import { ListToolbar, ListUpdating } from '../../components/list-toolbar.tsx';
import { NoMatchesState } from '../../components/no-matches-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { SearchBox } from '../../components/search-box.tsx';
import { useAuthorization } from '../../lib/authorization.ts';
import { useDateFormat } from '../../lib/format.ts';
import { pageName, useDocumentTitle } from '../../lib/use-document-title.ts';
import { useStaffingDirectory } from './api/staffing-directory.ts';
import { ReassignDialog } from './components/reassign-dialog.tsx';
import classes from './staffing.module.css';

const ALL = '*';
/** The chart shows the busiest people; the table lists everyone. */
const CHART_PEOPLE = 12;

const nameOf = (m: Pick<StaffMember, 'firstName' | 'lastName'>) => `${m.firstName} ${m.lastName}`.trim();

type StaffColumn = ListColumn & { sortField?: StaffingSortField };
// Each column says the narrowest list that shows it; what a list leaves out goes under the name. Beside an
// open sidebar at 1280 px a row is the name, the role, the open work and Reassign; on a phone the name (with
// the rest under it) and Reassign. The figures' columns fit their sortable headers and sort busiest first.
const COLUMNS: readonly StaffColumn[] = [
  { key: 'name', label: 'Name', sortField: 'name' },
  { key: 'role', label: 'Role', sortField: 'role', width: 130, minListWidth: 970 },
  { key: 'email', label: 'Email', sortField: 'email', minListWidth: 1340 },
  { key: 'lastLoginAt', label: 'Last sign-in', sortField: 'lastLoginAt', width: 165, minListWidth: 1520 },
  { key: 'openLeads', label: 'Open leads', sortField: 'openLeads', width: 136, minListWidth: 840, align: 'right' },
  {
    key: 'openClients',
    label: 'Open clients',
    sortField: 'openClients',
    width: 146,
    minListWidth: 840,
    align: 'right',
  },
  { key: 'openTasks', label: 'Open tasks', sortField: 'openTasks', width: 136, minListWidth: 560, align: 'right' },
  { key: 'overdueTasks', label: 'Overdue', sortField: 'overdueTasks', width: 114, minListWidth: 560, align: 'right' },
  {
    key: 'hoursThisWeek',
    label: 'Hours this week',
    sortField: 'hoursThisWeek',
    width: 176,
    minListWidth: 1150,
    align: 'right',
  },
  { key: 'phone', label: 'Phone', width: 150, minListWidth: 1680 },
];

export function StaffingPage() {
  useDocumentTitle(pageName('/staffing'));
  const { can, role: myRole } = useAuthorization();
  const { formatDate, formatTime } = useDateFormat();
  const [search, setSearch] = useState<string | undefined>(undefined);
  const [role, setRole] = useState<Role | undefined>(undefined);
  const [sort, setSort] = useState<{ field: StaffingSortField; direction: 'asc' | 'desc' }>({
    field: 'name',
    direction: 'asc',
  });
  const [reassigning, setReassigning] = useState<StaffMember | null>(null);
  const directory = useStaffingDirectory({ search, role, sort: sort.field, direction: sort.direction });
  // Everyone active, unfiltered, for the dialog's target list and the chart.
  const everyone = useStaffingDirectory({ sort: 'workload', direction: 'desc' });
  const mayReassign = can('staffing:assign');
  const filtered = Boolean(search) || role !== undefined;
  const reset = () => {
    setSearch(undefined);
    setRole(undefined);
  };
  const sortBy = (field: string) => {
    const column = COLUMNS.find((c) => c.sortField === field);
    if (!column?.sortField) return;
    const next = column.sortField;
    setSort((s) =>
      s.field === next
        ? { field: next, direction: s.direction === 'asc' ? 'desc' : 'asc' }
        : { field: next, direction: column.align === 'right' ? 'desc' : 'asc' },
    );
  };
  const summary = directory.data?.summary;
  const cards = [
    ['People', 'Active users', summary?.people, undefined],
    ['Open leads', 'In an active status', summary?.openLeads, undefined],
    ['Open clients', 'Not closed', summary?.openClients, undefined],
    ['Open tasks', 'Pending and in progress', summary?.openTasks, undefined],
    ['Overdue tasks', "Due before the firm's today", summary?.overdueTasks, 'var(--mantine-color-red-text)'],
  ] as const;
  const people = directory.data?.people ?? [];
  const chartPeople = (everyone.data?.people ?? []).filter((p) => workloadOf(p) > 0).slice(0, CHART_PEOPLE);
  const maxLoad = Math.max(1, ...chartPeople.map(workloadOf));
  const lastSignIn = (value: string | null) => (value ? `${formatDate(value)} ${formatTime(value)}` : 'Never');

  return (
    <>
      <PageHeader title="Staffing" subtitle="Who is on the team and how much open work each person holds" />
      <CollapsibleStatistics
        label="Workload totals"
        summary={summary ? `${summary.people.toLocaleString('en-AU')} people` : undefined}
        mb="md"
      >
        <SimpleGrid cols={{ base: 2, xs: 3, md: 5 }} spacing="xs">
          {cards.map(([title, caption, value, colour]) => (
            <CountCard
              key={title}
              title={title}
              caption={caption}
              value={value}
              colour={colour}
              failed={directory.isError}
              testId={`staffing-${title}`}
            />
          ))}
        </SimpleGrid>
      </CollapsibleStatistics>

      <Card withBorder padding={0} radius="md" mb="md">
        <ListToolbar gap="xs">
          <Group gap="xs" wrap="wrap" style={{ flex: '1 1 480px' }}>
            <SearchBox
              label="Search staff"
              placeholder="Search by name or email..."
              value={search}
              onSearch={setSearch}
            />
            <Select
              aria-label="Filter by role"
              data={[{ value: ALL, label: 'All roles' }, ...ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }))]}
              value={role ?? ALL}
              allowDeselect={false}
              onChange={(next) => setRole(!next || next === ALL ? undefined : (next as Role))}
              w={200}
            />
            <Button variant="default" onClick={reset} disabled={!filtered}>
              Reset
            </Button>
          </Group>
          <ListUpdating list={directory} />
        </ListToolbar>
        {directory.isError ? (
          <ListLoadError error={directory.error} role={ROLE_LABELS[myRole]} onRetry={() => void directory.refetch()} />
        ) : !directory.isPending && people.length === 0 ? (
          filtered ? (
            <NoMatchesState title="No staff match your search" clear={{ label: 'Reset filters', onClick: reset }} />
          ) : (
            <EmptyState py={48} icon={<IconUsersGroup size={28} />} title="No active users" />
          )
        ) : (
          <ListTable
            label="Staff directory"
            columns={COLUMNS}
            horizontalSpacing="sm"
            sort={sort}
            onSort={sortBy}
            actions={mayReassign ? { width: 116, labelHidden: true } : undefined}
            loading={directory.isPending}
          >
            {people.map((p) => (
              <Table.Tr key={p.id} data-testid={`staff-${p.email}`}>
                <Table.Td>
                  <Text size="sm" fw={600} lineClamp={2}>
                    {nameOf(p)}
                  </Text>
                  <FoldedText
                    lines={[
                      [
                        ['role', ROLE_LABELS[p.role]],
                        ['email', p.email],
                      ],
                      // The phone number last: a line too long for two rows is cut at its end.
                      [
                        ['hoursThisWeek', `Hours this week: ${p.hoursThisWeek.toFixed(2)}`],
                        ['lastLoginAt', `Last sign-in: ${lastSignIn(p.lastLoginAt)}`],
                        ['phone', p.phone],
                      ],
                      [
                        ['openLeads', `Open leads: ${p.openLeads}`],
                        ['openClients', `Open clients: ${p.openClients}`],
                        ['openTasks', `Open tasks: ${p.openTasks}`],
                        ['overdueTasks', `Overdue: ${p.overdueTasks}`],
                      ],
                    ]}
                  />
                </Table.Td>
                <ListCell column="role">{ROLE_LABELS[p.role]}</ListCell>
                <ListCell column="email">
                  <Text size="sm" truncate="end" title={p.email}>
                    {p.email}
                  </Text>
                </ListCell>
                <ListCell column="lastLoginAt" style={{ whiteSpace: 'nowrap' }}>
                  {lastSignIn(p.lastLoginAt)}
                </ListCell>
                <ListCell column="openLeads" ta="right" data-column="openLeads">
                  {p.openLeads}
                </ListCell>
                <ListCell column="openClients" ta="right" data-column="openClients">
                  {p.openClients}
                </ListCell>
                <ListCell column="openTasks" ta="right" data-column="openTasks">
                  {p.openTasks}
                </ListCell>
                <ListCell
                  column="overdueTasks"
                  ta="right"
                  data-column="overdueTasks"
                  c={p.overdueTasks > 0 ? 'red' : undefined}
                  fw={p.overdueTasks > 0 ? 600 : undefined}
                >
                  {p.overdueTasks}
                </ListCell>
                <ListCell column="hoursThisWeek" ta="right" data-column="hoursThisWeek">
                  {p.hoursThisWeek.toFixed(2)}
                </ListCell>
                <ListCell column="phone" style={{ whiteSpace: 'nowrap' }}>
                  {p.phone ?? '—'}
                </ListCell>
                {mayReassign ? (
                  <Table.Td>
                    <Button
                      size="compact-sm"
                      variant="default"
                      disabled={workloadOf(p) === 0}
                      aria-label={`Reassign ${nameOf(p)}'s work`}
                      onClick={() => setReassigning(p)}
                    >
                      Reassign
                    </Button>
                  </Table.Td>
                ) : null}
              </Table.Tr>
            ))}
          </ListTable>
        )}
      </Card>

      <Card withBorder radius="md" padding="md" component="section" aria-labelledby="workload-chart-title">
        <Group justify="space-between" mb="sm" wrap="wrap" gap="xs">
          <Title order={2} fz="md" id="workload-chart-title">
            Workload per person
          </Title>
          <Group gap="md" aria-hidden>
            <Text size="xs">
              <span className={`${classes.swatch} ${classes.leads}`} />
              Open leads
            </Text>
            <Text size="xs">
              <span className={`${classes.swatch} ${classes.clients}`} />
              Open clients
            </Text>
            <Text size="xs">
              <span className={`${classes.swatch} ${classes.tasks}`} />
              Open tasks
            </Text>
          </Group>
        </Group>
        {everyone.isPending ? (
          <Skeleton height={120} radius="sm" />
        ) : chartPeople.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nobody holds open work.
          </Text>
        ) : (
          <Stack gap={6} role="list" aria-label="Workload per person, busiest first">
            {chartPeople.map((p) => {
              const load = workloadOf(p);
              const width = (n: number) => `${(n / maxLoad) * 100}%`;
              return (
                <div
                  key={p.id}
                  role="listitem"
                  className={classes.chartRow}
                  aria-label={`${nameOf(p)}: ${p.openLeads} open leads, ${p.openClients} open clients, ${p.openTasks} open tasks`}
                >
                  <Text size="sm" truncate="end">
                    {nameOf(p)}
                  </Text>
                  <div className={classes.bar} aria-hidden>
                    <div className={classes.leads} style={{ width: width(p.openLeads) }} />
                    <div className={classes.clients} style={{ width: width(p.openClients) }} />
                    <div className={classes.tasks} style={{ width: width(p.openTasks) }} />
                  </div>
                  <Text size="sm" ta="right" style={{ fontVariantNumeric: 'tabular-nums' }} aria-hidden>
                    {load}
                  </Text>
                </div>
              );
            })}
          </Stack>
        )}
      </Card>

      <ReassignDialog from={reassigning} people={everyone.data?.people ?? []} onClose={() => setReassigning(null)} />
    </>
  );
}
