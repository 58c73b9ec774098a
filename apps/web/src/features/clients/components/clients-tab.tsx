// The clients tab of the Leads and Clients screen (spec 1 §2.3): the server's page of clients, the
// empty and error states in the spec's words, the footer, and the row actions' confirmations.
import { EmptyState } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import type { ClientRecord } from '@crm/domain';
import { FilteredListBody, type FilteredListProps } from '../../../components/filtered-list-body.tsx';
import type { ListSort } from '../../../components/list-table/list-table.tsx';
import { useAuthorization } from '../../../lib/authorization.ts';
import { OpenAfterMount, useWantedOnce } from '../../../lib/lazy-component.ts';
import type { ClientActionKind } from './client-action-dialog.tsx';
import { ClientsTable } from './clients-table.tsx';

// The confirmations load when a row action is first chosen.
const ClientActionDialog = lazy(() =>
  import('./client-action-dialog.tsx').then((m) => ({ default: m.ClientActionDialog })),
);

type ClientsTabProps = FilteredListProps<ClientRecord> & {
  sort: ListSort;
  onSort: (field: string) => void;
  onOpen: (client: ClientRecord) => void;
};

export function ClientsTab({ sort, onSort, onOpen, ...listProps }: ClientsTabProps) {
  const { can } = useAuthorization();
  const [rowAction, setRowAction] = useState<{ action: ClientActionKind; client: ClientRecord } | null>(null);
  const { list } = listProps;
  const dialogMounted = useWantedOnce(rowAction !== null);

  return (
    <FilteredListBody
      errorTitle="Error loading clients:"
      {...listProps}
      empty={
        <EmptyState
          py={48}
          icon={<IconUsers size={28} />}
          title="No clients yet"
          // Roles that can convert a lead are told where clients come from.
          description={
            can('leads:edit')
              ? 'Clients will appear here when leads are converted.'
              : 'No clients available for your role.'
          }
        />
      }
      table={
        <ClientsTable
          items={list.data?.items ?? []}
          loading={list.isPending}
          sort={sort}
          onSort={onSort}
          onOpen={onOpen}
          onAction={(action, client) =>
            action === 'view' || action === 'edit' ? onOpen(client) : setRowAction({ action, client })
          }
          rights={{
            canEdit: can('clients:edit'),
            canDelete: can('clients:delete'),
            canDeletePermanently: can('clients:delete_permanent'),
          }}
        />
      }
      dialog={
        dialogMounted ? (
          <Suspense fallback={null}>
            <OpenAfterMount open={rowAction !== null}>
              {(open) => (
                <ClientActionDialog
                  action={open ? (rowAction?.action ?? null) : null}
                  client={rowAction?.client ?? null}
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
