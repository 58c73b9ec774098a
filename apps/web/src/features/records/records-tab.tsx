// The 'All Records' tab of the Leads and Clients screen (spec 1 §2.4): leads and clients in one
// server-side paginated list with its statistics cards. It reads the page's shared search text
// and Show Hidden switch, and opens records through the page's URL (view={id}&type=lead|client).
import { Group, Loader, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import {
  CONVERTED_STATUS,
  DEFAULT_PAGE_SIZE,
  pageSizeChoices,
  pageSizeFor,
  type RecordRow,
  type RecordType,
  ROLE_LABELS,
} from '@crm/domain';
import { ListFooter, navigationOf } from '../../components/list-footer.tsx';
import { ListLoadError } from '../../components/list-load-error.tsx';
import { NoMatchesState } from '../../components/no-matches-state.tsx';
import { useAuthorization } from '../../lib/authorization.ts';
import { FIRST_PAGE, type ListNavigation, navigationParams, totalLabel } from '../../lib/list-navigation.ts';
import { useRecordList } from './api/record-list.ts';
import { useRecordStatistics } from './api/record-statistics.ts';
import { DeleteRecordDialog } from './components/delete-record-dialog.tsx';
import { RecordStatisticsCards } from './components/record-statistics-cards.tsx';
import { type RecordPermissions, type RecordRowAction, RecordsTable } from './components/records-table.tsx';

/** The page's URL search params this tab reads. */
export type RecordsTabSearch = ListNavigation & {
  search?: string | undefined;
  showHidden?: boolean | undefined;
  pageSize?: number | undefined;
};

/** The URL changes this tab asks the page for; undefined removes a param. */
export type RecordsTabNavigation = ListNavigation & {
  pageSize?: number | undefined;
  view?: string | undefined;
  type?: RecordType | undefined;
};

type RecordsTabProps = {
  search: RecordsTabSearch;
  onNavigate: (patch: RecordsTabNavigation, options?: { replace?: boolean }) => void;
};

export function RecordsTab({ search, onNavigate }: RecordsTabProps) {
  const { role, can } = useAuthorization();
  // Roles with a smaller record limit (consultant 50, guest 10) are offered their limit only.
  const sizes = pageSizeChoices(role);
  const pageSize = pageSizeFor(role, search.pageSize);
  const showHidden = Boolean(search.showHidden);
  const navigation = navigationOf(search);
  const params = { search: search.search, showHidden, ...navigationParams(navigation), pageSize };

  const list = useRecordList(params);
  const statistics = useRecordStatistics(showHidden);
  const [deleting, setDeleting] = useState<RecordRow | null>(null);

  const data = list.data;
  // No rows on the first page: nothing matches (a later page emptied meanwhile keeps its way back).
  const noRows = data !== undefined && data.items.length === 0 && data.prevCursor === null;

  const permissions: RecordPermissions = {
    canEdit: (row) =>
      row.type === 'lead' ? can('leads:edit') && row.status !== CONVERTED_STATUS : can('clients:edit'),
    canDelete: (row) => can(row.type === 'lead' ? 'leads:delete' : 'clients:delete'),
  };

  const onAction = (action: RecordRowAction, row: RecordRow) => {
    if (action === 'delete') setDeleting(row);
    else onNavigate({ view: row.id, type: row.type });
  };

  return (
    <Stack gap="sm" p="sm">
      <Group justify="space-between" gap="xs">
        <Title order={2} size="h4">
          Records (
          {list.isPending || !data ? '…' : (totalLabel(data) ?? `${data.items.length}${data.nextCursor ? '+' : ''}`)})
        </Title>
        {list.isFetching && !list.isPending ? <Loader size={14} role="status" aria-label="Updating records" /> : null}
      </Group>

      <RecordStatisticsCards statistics={statistics.data} failed={statistics.isError} />

      {list.isError ? (
        // The tab's stack already pads the notice.
        <ListLoadError m={0} error={list.error} role={ROLE_LABELS[role]} onRetry={() => void list.refetch()} />
      ) : !list.isPending && noRows ? (
        <NoMatchesState />
      ) : (
        <div
          style={{
            border: '1px solid var(--mantine-color-default-border)',
            borderRadius: 'var(--mantine-radius-md)',
            overflow: 'hidden',
          }}
        >
          <RecordsTable
            items={data?.items ?? []}
            loading={list.isPending}
            onAction={onAction}
            permissions={permissions}
          />
          <ListFooter
            page={data}
            loading={list.isPending}
            navigation={navigation}
            pageSize={pageSize}
            pageSizes={sizes}
            sizeLabel="Records per page"
            onNavigate={(next) => onNavigate(next)}
            onPageSize={(n) => onNavigate({ pageSize: n !== DEFAULT_PAGE_SIZE ? n : undefined, ...FIRST_PAGE })}
          />
        </div>
      )}

      <DeleteRecordDialog record={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}
