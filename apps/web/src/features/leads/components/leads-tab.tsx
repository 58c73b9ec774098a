// The leads tab of the Leads and Clients screen (spec 1 §2.3): the server's page of leads, the empty
// and error states in the spec's words, the footer, and the row actions' confirmations.
import { Button, EmptyState } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import type { LeadRecord } from '@crm/domain';
import { FilteredListBody, type FilteredListProps } from '../../../components/filtered-list-body.tsx';
import type { ListSort } from '../../../components/list-table/list-table.tsx';
import { useAuthorization } from '../../../lib/authorization.ts';
import { OpenAfterMount, useWantedOnce } from '../../../lib/lazy-component.ts';
import type { LeadActionKind } from './lead-action-dialog.tsx';
import { ADD_GREEN } from './leads-filter-bar.tsx';
import { LeadsTable } from './leads-table.tsx';

// The confirmations load when a row action is first chosen.
const LeadActionDialog = lazy(() => import('./lead-action-dialog.tsx').then((m) => ({ default: m.LeadActionDialog })));

type LeadsTabProps = FilteredListProps<LeadRecord> & {
  sort: ListSort;
  onSort: (field: string) => void;
  onOpen: (lead: LeadRecord) => void;
  onAdd: () => void;
};

export function LeadsTab({ sort, onSort, onOpen, onAdd, ...listProps }: LeadsTabProps) {
  const { can } = useAuthorization();
  const [rowAction, setRowAction] = useState<{ action: LeadActionKind; lead: LeadRecord } | null>(null);
  const { list } = listProps;
  const dialogMounted = useWantedOnce(rowAction !== null);

  return (
    <FilteredListBody
      {...listProps}
      empty={
        <EmptyState
          py={48}
          icon={<IconUsers size={28} />}
          title="No leads yet"
          description={
            can('leads:create') ? 'Add your first lead to get started.' : 'No leads available for your role.'
          }
        >
          {can('leads:create') ? (
            <EmptyState.Actions>
              <Button color={ADD_GREEN} onClick={onAdd}>
                Add New Lead
              </Button>
            </EmptyState.Actions>
          ) : null}
        </EmptyState>
      }
      table={
        <LeadsTable
          items={list.data?.items ?? []}
          loading={list.isPending}
          sort={sort}
          onSort={onSort}
          onOpen={onOpen}
          onAction={(action, lead) => setRowAction({ action, lead })}
          canEdit={can('leads:edit')}
          canDelete={can('leads:delete')}
        />
      }
      dialog={
        dialogMounted ? (
          <Suspense fallback={null}>
            <OpenAfterMount open={rowAction !== null}>
              {(open) => (
                <LeadActionDialog
                  action={open ? (rowAction?.action ?? null) : null}
                  lead={rowAction?.lead ?? null}
                  onClose={() => setRowAction(null)}
                />
              )}
            </OpenAfterMount>
          </Suspense>
        ) : null
      }
    />
  );
}
