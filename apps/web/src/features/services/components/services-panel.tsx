// The Services Availed panel, the Services tab of a lead or client (spec 2 "Services Availed panel"): the
// summary cards, search, status and service filters and the Grid/List toggle over the record's services
// (at most 100, so they are filtered here), the service dialog and the delete confirmation.
import { ActionIcon, Button, EmptyState, Group, Select, Stack, Text, Tooltip } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { IconLayoutGrid, IconList, IconPlus, IconReceipt } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { mayDeleteService, SERVICE_MESSAGES, SERVICE_STATUSES, type ServiceRecord } from '@crm/domain';
import { NoMatchesState } from '../../../components/no-matches-state.tsx';
import { ReadOnlyNotice, RecordSectionHeader, sectionLoadState } from '../../../components/record-section.tsx';
import { RecordActionModal } from '../../../components/record-action-modal.tsx';
import { SearchBox } from '../../../components/search-box.tsx';
import { useAuthorization } from '../../../lib/authorization.ts';
import { useDeleteService } from '../api/delete-service.ts';
import { useRecordServices } from '../api/record-services.ts';
import { useServiceInvoices } from '../api/service-invoices.ts';
import type { ServiceOwner } from '../api/service-keys.ts';
import { ServiceDialog, type ServiceDialogState } from './service-dialog.tsx';
import { ServiceGrid, ServiceTable } from './service-items.tsx';
import { moneyText } from './service-money.tsx';
import { filterServices, type ServiceFilters } from '../service-list.ts';
import { ServiceSummaryCards } from './service-summary-cards.tsx';

export type ServicesPanelProps = {
  owner: ServiceOwner;
  /** Why the services cannot be changed (a converted lead, a reverted client, the role), or null. */
  readOnlyReason: string | null;
};

type ViewMode = 'grid' | 'list';
/** The Grid/List choice, kept in the browser (spec 2). */
const VIEW_KEY = 'crm:services-view';

/** The filters' first option: no filter. An option rather than a clear button, so a keyboard can choose it. */
const ALL = '*';

export function ServicesPanel({ owner, readOnlyReason }: ServicesPanelProps) {
  const { role, can, moduleAccess } = useAuthorization();
  const services = useRecordServices(owner);
  const billing = useServiceInvoices(owner, can('finance:view'));
  const invoicesOf = (serviceId: string) => (billing.data ?? []).filter((b) => b.serviceId === serviceId);
  const remove = useDeleteService(owner);
  const readOnly = readOnlyReason !== null;
  // Deleting needs the delete action (spec 1 §6.2, decision 0027); the record's editors do not all have it.
  const canDelete = !readOnly && mayDeleteService(role, owner.type, moduleAccess);

  const [filters, setFilters] = useState<ServiceFilters>({ search: '', status: null, name: null });
  const [view, setView] = useLocalStorage<ViewMode>({
    key: VIEW_KEY,
    defaultValue: 'grid',
    getInitialValueInEffect: false,
  });
  const [dialog, setDialog] = useState<ServiceDialogState>(null);
  const [deleting, setDeleting] = useState<ServiceRecord | null>(null);

  const all = useMemo(() => services.data ?? [], [services.data]);
  const shown = useMemo(() => filterServices(all, filters), [all, filters]);
  const names = useMemo(() => [...new Set(all.map((s) => s.serviceName))].sort(), [all]);
  const filtered = filters.search.trim() !== '' || filters.status !== null || filters.name !== null;
  const updating = services.isFetching && !services.isPending;

  const open = (service: ServiceRecord) => setDialog({ mode: 'edit', id: service.id });

  return (
    <Stack gap="sm">
      <RecordSectionHeader
        title="Services Availed"
        updating={updating}
        action={
          readOnly ? null : (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({ mode: 'new' })}>
              Add Service
            </Button>
          )
        }
      />

      {readOnlyReason ? <ReadOnlyNotice>{readOnlyReason}</ReadOnlyNotice> : null}

      {sectionLoadState(services, { loading: 'Loading services...', errorTitle: 'Error loading services:', role }) ?? (
        <>
          <ServiceSummaryCards services={all} />

          <Group gap="xs" wrap="wrap" align="flex-end">
            <SearchBox
              label="Search services"
              placeholder="Search services..."
              value={filters.search || undefined}
              onSearch={(search) => setFilters((f) => ({ ...f, search: search ?? '' }))}
            />
            <Select
              aria-label="Filter by status"
              data={[{ value: ALL, label: 'All Statuses' }, ...SERVICE_STATUSES]}
              value={filters.status ?? ALL}
              onChange={(status) => setFilters((f) => ({ ...f, status: status === ALL ? null : status }))}
              style={{ flex: '1 1 150px' }}
              maw={{ sm: 190 }}
            />
            <Select
              aria-label="Filter by service"
              data={[{ value: ALL, label: 'All Services' }, ...names]}
              value={filters.name ?? ALL}
              onChange={(name) => setFilters((f) => ({ ...f, name: name === ALL ? null : name }))}
              style={{ flex: '1 1 180px' }}
              maw={{ sm: 260 }}
            />
            <Group gap={4} role="group" aria-label="View" wrap="nowrap">
              <Tooltip label="Grid view">
                <ActionIcon
                  size="lg"
                  variant={view === 'grid' ? 'filled' : 'default'}
                  aria-label="Grid view"
                  aria-pressed={view === 'grid'}
                  onClick={() => setView('grid')}
                >
                  <IconLayoutGrid size={18} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label="List view">
                <ActionIcon
                  size="lg"
                  variant={view === 'list' ? 'filled' : 'default'}
                  aria-label="List view"
                  aria-pressed={view === 'list'}
                  onClick={() => setView('list')}
                >
                  <IconList size={18} />
                </ActionIcon>
              </Tooltip>
            </Group>
          </Group>

          <Text size="sm" c="dimmed" aria-live="polite">
            Showing {shown.length} of {all.length} services
          </Text>

          {all.length === 0 ? (
            <EmptyState
              py={40}
              icon={<IconReceipt size={28} />}
              title="No services added yet"
              description={readOnly ? undefined : 'Add the services this record buys with Add Service.'}
            />
          ) : shown.length === 0 ? (
            <NoMatchesState
              title="No services match your filters"
              clear={
                filtered
                  ? { label: 'Clear filters', onClick: () => setFilters({ search: '', status: null, name: null }) }
                  : undefined
              }
            />
          ) : view === 'list' ? (
            <ServiceTable
              services={shown}
              readOnly={readOnly}
              canDelete={canDelete}
              onOpen={open}
              onDelete={setDeleting}
              invoicesOf={invoicesOf}
            />
          ) : (
            <ServiceGrid
              services={shown}
              readOnly={readOnly}
              canDelete={canDelete}
              onOpen={open}
              onDelete={setDeleting}
              invoicesOf={invoicesOf}
            />
          )}
        </>
      )}

      <ServiceDialog owner={owner} state={dialog} readOnly={readOnly} onClose={() => setDialog(null)} />
      <RecordActionModal
        opened={deleting !== null}
        title="Delete Service"
        subject={
          deleting ? { name: deleting.serviceName, displayId: moneyText(deleting.serviceFee, deleting.currency) } : null
        }
        body={SERVICE_MESSAGES.deleteConfirm}
        reasonPlaceholder="Deleted by user"
        confirmLabel="Delete"
        color="red"
        messages={{ success: SERVICE_MESSAGES.deleted, failure: SERVICE_MESSAGES.deleteFailed }}
        run={(reason) =>
          deleting ? remove.mutateAsync({ id: deleting.id, reason, version: deleting.version }) : Promise.resolve()
        }
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
