// The Invoices tab of Finance (spec 3 §2.2): 'Invoice Management', New Invoice, the tabs All Invoices /
// Drafts / Paid / Overdue (Overdue on the firm's date, by the server), search, table or tiles (remembered),
// row checkboxes with select-all and 'Delete Selected', and each invoice's menu: View, Edit, Mark as Paid
// (unpaid), Generate Receipt (paid), Delete. The server filters, searches and pages (keyset).
// The styles of the Mantine components only the invoices use (checkboxes, the switch, number inputs), in
// @mantine/core's order: they load with this tab, not with every page.
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Switch.css';
import {
  ActionIcon,
  Button,
  Card,
  Checkbox,
  EmptyState,
  Group,
  Menu,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  IconCash,
  IconDots,
  IconReceiptRefund,
  IconEye,
  IconFileInvoice,
  IconLayoutGrid,
  IconList,
  IconPencil,
  IconPlus,
  IconReceipt,
  IconReceiptOff,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import {
  centsOf,
  displayMoney,
  INVOICE_MESSAGES,
  INVOICE_STATUS_LABELS,
  INVOICE_STATUS_LOOKS,
  INVOICE_TABS,
  invoiceActionsOf,
  type InvoiceRecord,
  type InvoiceRow,
  type InvoiceTab,
  ROLE_LABELS,
} from '@crm/domain';
import { ListFooter } from '../../../components/list-footer.tsx';
import { type ListColumn, ListTable } from '../../../components/list-table/list-table.tsx';
import { SelectAllCheckbox } from '../../../components/list-table/select-all-checkbox.tsx';
import { ListLoadError } from '../../../components/list-load-error.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { RecordActionModal } from '../../../components/record-action-modal.tsx';
import { SearchBox } from '../../../components/search-box.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { answer, server } from '../../../lib/api-client.ts';
import { useAuthorization } from '../../../lib/authorization.ts';
import { useDateFormat } from '../../../lib/format.ts';
import { useListPaging } from '../../../lib/use-list-paging.ts';
import { usePhoneLayout } from '../../../lib/use-phone-layout.ts';
import { useDeleteInvoice, useInvoiceList } from '../api/invoices.ts';
import { CreditDialog, type CreditTarget } from './credit-dialog.tsx';
import { InvoiceDialog, type InvoiceDialogState } from './invoice-dialog.tsx';
import { ApplyClientCreditDialog, MarkPaidDialog, ReceiptDialog, type ReceiptTarget } from './payment-dialogs.tsx';

const TAB_LABELS: Record<InvoiceTab, string> = {
  all: 'All Invoices',
  drafts: 'Drafts',
  paid: 'Paid',
  overdue: 'Overdue',
};
const EMPTY: Record<InvoiceTab, string> = {
  all: INVOICE_MESSAGES.emptyAll,
  drafts: INVOICE_MESSAGES.emptyDrafts,
  paid: INVOICE_MESSAGES.emptyPaid,
  overdue: INVOICE_MESSAGES.emptyOverdue,
};
/** Table or tiles, remembered in the browser. */
const LAYOUT_KEY = 'crm:invoices-layout';

export function InvoicesTab() {
  const { role, can } = useAuthorization();
  const phone = usePhoneLayout();
  const [tab, setTab] = useState<InvoiceTab>('all');
  const [search, setSearch] = useState<string | undefined>();
  const paging = useListPaging();
  const [layout, setLayout] = useLocalStorage<'table' | 'tiles'>({
    key: LAYOUT_KEY,
    defaultValue: 'table',
    getInitialValueInEffect: false,
  });
  const list = useInvoiceList({
    tab,
    search,
    ...paging.params,
  });
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [dialog, setDialog] = useState<InvoiceDialogState>(null);
  const [paying, setPaying] = useState<InvoiceRow | InvoiceRecord | null>(null);
  const [receiptFor, setReceiptFor] = useState<ReceiptTarget | null>(null);
  const [applying, setApplying] = useState<InvoiceRecord | null>(null);
  const [deleting, setDeleting] = useState<InvoiceRow[] | null>(null);
  const [crediting, setCrediting] = useState<CreditTarget | null>(null);
  const remove = useDeleteInvoice();

  const rows = list.data?.items ?? [];
  const noRows = list.data !== undefined && rows.length === 0 && list.data.prevCursor === null;
  const canCreate = can('finance:create');
  const canEdit = can('finance:edit');
  const canDelete = can('finance:delete');
  const useLayout = phone ? 'tiles' : layout;

  const switchTab = (next: InvoiceTab) => {
    setTab(next);
    paging.restart();
    setSelected(new Set());
  };
  // The receipt's preview (spec 3 §8): generated here, numbered only when saved.
  const showReceipt = (target: ReceiptTarget) => {
    setReceiptFor(target);
    notifications.show({ color: 'green', message: INVOICE_MESSAGES.receiptGenerated });
  };
  const openReceipt = async (row: InvoiceRow) => {
    try {
      showReceipt({ invoice: await answer(server.GET('/api/invoices/{id}', { params: { path: { id: row.id } } })) });
    } catch (error) {
      notifications.show({
        color: 'red',
        title: INVOICE_MESSAGES.receiptGenerateFailed,
        message: (error as Error).message,
      });
    }
  };

  const actions: RowActions = {
    view: (row) => setDialog({ mode: 'view', id: row.id }),
    edit: canEdit ? (row) => setDialog({ mode: 'edit', id: row.id }) : null,
    markPaid: canEdit ? setPaying : null,
    receipt: canCreate ? (row) => void openReceipt(row) : null,
    remove: canDelete ? (row) => setDeleting([row]) : null,
    credit: canEdit ? (row, mode) => setCrediting({ id: row.id, mode }) : null,
  };

  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <div>
          <Title order={2} size="h3">
            Invoice Management
          </Title>
          <Text size="sm" c="dimmed">
            Create, manage and track your invoices
          </Text>
        </div>
        {canCreate ? (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({ mode: 'new' })}>
            New Invoice
          </Button>
        ) : null}
      </Group>

      <Tabs value={tab} onChange={(v) => switchTab((v as InvoiceTab | null) ?? 'all')}>
        <Tabs.List>
          {INVOICE_TABS.map((t) => (
            <Tabs.Tab key={t} value={t}>
              {TAB_LABELS[t]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>

      <Group gap="xs" wrap="wrap" justify="space-between">
        <SearchBox
          label="Search invoices"
          placeholder="Search invoices..."
          onSearch={(text) => {
            setSearch(text);
            paging.restart();
          }}
          maxWidth={420}
        />
        <Group gap="xs">
          {canDelete && selected.size > 0 ? (
            <Button
              color="red"
              variant="light"
              leftSection={<IconTrash size={16} />}
              onClick={() => setDeleting(rows.filter((r) => selected.has(r.id)))}
            >
              Delete Selected ({selected.size})
            </Button>
          ) : null}
          {phone ? null : (
            <Group gap={4} role="group" aria-label="Layout">
              <Tooltip label="Table">
                <ActionIcon
                  size="lg"
                  variant={layout === 'table' ? 'filled' : 'default'}
                  aria-label="Table layout"
                  aria-pressed={layout === 'table'}
                  onClick={() => setLayout('table')}
                >
                  <IconList size={18} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label="Tiles">
                <ActionIcon
                  size="lg"
                  variant={layout === 'tiles' ? 'filled' : 'default'}
                  aria-label="Tile layout"
                  aria-pressed={layout === 'tiles'}
                  onClick={() => setLayout('tiles')}
                >
                  <IconLayoutGrid size={18} />
                </ActionIcon>
              </Tooltip>
            </Group>
          )}
        </Group>
      </Group>

      {list.isPending ? (
        <PageLoader label="Loading invoices..." />
      ) : list.isError ? (
        <ListLoadError error={list.error} role={ROLE_LABELS[role]} onRetry={() => void list.refetch()} />
      ) : noRows ? (
        <EmptyState
          py={48}
          icon={<IconFileInvoice size={28} />}
          title={EMPTY[tab]}
          description={
            search ? INVOICE_MESSAGES.emptySearch : tab === 'all' && canCreate ? INVOICE_MESSAGES.emptyFirst : undefined
          }
        />
      ) : (
        <Card withBorder padding={0} radius="md">
          {useLayout === 'table' ? (
            <InvoiceTable
              rows={rows}
              selectable={canDelete}
              selected={selected}
              onToggle={toggle}
              onToggleAll={(all) =>
                setSelected(all ? new Set(rows.filter((r) => invoiceActionsOf(r).delete).map((r) => r.id)) : new Set())
              }
              actions={actions}
              tab={tab}
            />
          ) : (
            <InvoiceTiles rows={rows} actions={actions} tab={tab} />
          )}
          <ListFooter
            page={list.data}
            loading={list.isFetching && list.isPlaceholderData}
            {...paging}
            onNavigate={(next) => {
              paging.onNavigate(next);
              setSelected(new Set());
            }}
            onPageSize={(next) => {
              paging.onPageSize(next);
              setSelected(new Set());
            }}
          />
        </Card>
      )}

      <InvoiceDialog
        state={dialog}
        onClose={() => setDialog(null)}
        onEdit={(id) => setDialog({ mode: 'edit', id })}
        money={{
          receipt: canCreate ? (invoice, paymentId) => showReceipt({ invoice, paymentId }) : null,
          markPaid: canEdit ? setPaying : null,
          applyCredit: canEdit ? setApplying : null,
          credit: canEdit ? (invoice, mode) => setCrediting({ id: invoice.id, mode }) : null,
        }}
      />
      <MarkPaidDialog invoice={paying} onClose={() => setPaying(null)} />
      <ApplyClientCreditDialog invoice={applying} onClose={() => setApplying(null)} />
      <ReceiptDialog target={receiptFor} onClose={() => setReceiptFor(null)} />
      <CreditDialog target={crediting} onClose={() => setCrediting(null)} />
      <RecordActionModal
        opened={deleting !== null}
        title={deleting && deleting.length > 1 ? 'Delete Invoices' : 'Delete Invoice'}
        subject={
          deleting
            ? deleting.length === 1
              ? { name: deleting[0]!.invoiceNumber, displayId: deleting[0]!.clientName }
              : { name: `${deleting.length} invoices`, displayId: '' }
            : null
        }
        body={
          deleting && deleting.length > 1
            ? INVOICE_MESSAGES.deleteManyConfirm(deleting.length)
            : INVOICE_MESSAGES.deleteConfirm
        }
        reasonPlaceholder={null}
        confirmLabel="Delete"
        color="red"
        messages={{ success: INVOICE_MESSAGES.deleted, failure: INVOICE_MESSAGES.deleteFailed }}
        run={async () => {
          for (const row of deleting ?? []) await remove.mutateAsync(row.id);
          setSelected(new Set());
        }}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}

type RowActions = {
  view: (row: InvoiceRow) => void;
  edit: ((row: InvoiceRow) => void) | null;
  markPaid: ((row: InvoiceRow) => void) | null;
  receipt: ((row: InvoiceRow) => void) | null;
  remove: ((row: InvoiceRow) => void) | null;
  credit: ((row: InvoiceRow, mode: 'cancel' | 'part') => void) | null;
};

/** The row's menu: only what the server would do for it (the domain's invoiceActionsOf) and the user may do. */
function RowMenu({ row, actions, tab }: { row: InvoiceRow; actions: RowActions; tab: InvoiceTab }) {
  const allowed = invoiceActionsOf(row);
  const paid = row.state === 'paid' || row.state === 'partially_paid';
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${row.invoiceNumber}`}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconEye size={16} />} onClick={() => actions.view(row)}>
          View
        </Menu.Item>
        {actions.edit && allowed.edit ? (
          <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => actions.edit?.(row)}>
            Edit
          </Menu.Item>
        ) : null}
        {/* Spec 3 §2.2: Mark as Paid is absent from the Drafts table. */}
        {actions.markPaid && allowed.recordPayment && tab !== 'drafts' ? (
          <Menu.Item leftSection={<IconCash size={16} />} onClick={() => actions.markPaid?.(row)}>
            Mark as Paid
          </Menu.Item>
        ) : null}
        {actions.receipt && paid ? (
          <Menu.Item leftSection={<IconReceipt size={16} />} onClick={() => actions.receipt?.(row)}>
            Generate Receipt
          </Menu.Item>
        ) : null}
        {actions.credit && allowed.credit ? (
          <Menu.Item leftSection={<IconReceiptRefund size={16} />} onClick={() => actions.credit?.(row, 'part')}>
            Credit note
          </Menu.Item>
        ) : null}
        {actions.credit && allowed.cancel ? (
          <Menu.Item leftSection={<IconReceiptOff size={16} />} onClick={() => actions.credit?.(row, 'cancel')}>
            Cancel with credit note
          </Menu.Item>
        ) : null}
        {actions.remove && allowed.delete ? (
          <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => actions.remove?.(row)}>
            Delete
          </Menu.Item>
        ) : null}
      </Menu.Dropdown>
    </Menu>
  );
}

const INVOICE_COLUMNS: readonly ListColumn[] = [
  { key: 'number', label: 'Invoice #', width: 130 },
  { key: 'client', label: 'Client' },
  { key: 'amount', label: 'Amount', width: 130, align: 'right' },
  // 'Partially Paid' in full.
  { key: 'status', label: 'Status', width: 135 },
  { key: 'issueDate', label: 'Issue Date', width: 120 },
  { key: 'dueDate', label: 'Due Date', width: 120 },
];

const amount = (row: InvoiceRow) => displayMoney(centsOf(row.total), row.currency);

function InvoiceTable({
  rows,
  selectable,
  selected,
  onToggle,
  onToggleAll,
  actions,
  tab,
}: {
  rows: InvoiceRow[];
  selectable: boolean;
  selected: Set<string>;
  onToggle: (id: string) => void;
  onToggleAll: (all: boolean) => void;
  actions: RowActions;
  tab: InvoiceTab;
}) {
  const { formatDate } = useDateFormat();
  // Only unsent, unpaid drafts can be deleted: the others are cancelled one by one with a credit note.
  const deletable = rows.filter((r) => invoiceActionsOf(r).delete);
  const all = deletable.length > 0 && deletable.every((r) => selected.has(r.id));
  return (
    <ListTable
      label="Invoices"
      columns={INVOICE_COLUMNS}
      horizontalSpacing="sm"
      loading={false}
      actions={{ width: 50, labelHidden: true }}
      selection={
        selectable ? (
          <SelectAllCheckbox
            label="Select all invoices"
            all={all}
            some={deletable.some((r) => selected.has(r.id))}
            onToggleAll={onToggleAll}
          />
        ) : undefined
      }
    >
      {rows.map((row) => (
        <Table.Tr key={row.id} data-testid="invoice-row" aria-label={row.invoiceNumber}>
          {selectable ? (
            <Table.Td>
              <Checkbox
                aria-label={`Select ${row.invoiceNumber}`}
                checked={selected.has(row.id)}
                disabled={!invoiceActionsOf(row).delete}
                onChange={() => onToggle(row.id)}
              />
            </Table.Td>
          ) : null}
          <Table.Td>
            <Text
              component="button"
              type="button"
              size="sm"
              fw={600}
              ff="monospace"
              style={{ background: 'none', border: 0, padding: 0, cursor: 'pointer', color: 'inherit' }}
              onClick={() => actions.view(row)}
            >
              {row.invoiceNumber}
            </Text>
          </Table.Td>
          <Table.Td>
            <Text size="sm">{row.clientName}</Text>
            {row.clientEmail ? (
              <Text size="xs" c="dimmed" truncate>
                {row.clientEmail}
              </Text>
            ) : null}
          </Table.Td>
          <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
            {amount(row)}
          </Table.Td>
          <Table.Td>
            <StatusBadge look={INVOICE_STATUS_LOOKS[row.status]}>{INVOICE_STATUS_LABELS[row.status]}</StatusBadge>
          </Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(row.issueDate)}</Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(row.dueDate)}</Table.Td>
          <Table.Td>
            <RowMenu row={row} actions={actions} tab={tab} />
          </Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
}

function InvoiceTiles({ rows, actions, tab }: { rows: InvoiceRow[]; actions: RowActions; tab: InvoiceTab }) {
  const { formatDate } = useDateFormat();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" p="sm">
      {rows.map((row) => (
        <Card key={row.id} withBorder radius="md" padding="sm" data-testid="invoice-row" aria-label={row.invoiceNumber}>
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <div style={{ minWidth: 0 }}>
              <Text fw={700} ff="monospace" size="sm">
                {row.invoiceNumber}
              </Text>
              <Text size="sm" truncate="end">
                {row.clientName}
              </Text>
            </div>
            <RowMenu row={row} actions={actions} tab={tab} />
          </Group>
          <Group justify="space-between" mt="xs" align="flex-end">
            <StatusBadge look={INVOICE_STATUS_LOOKS[row.status]}>{INVOICE_STATUS_LABELS[row.status]}</StatusBadge>
            <Text fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
              {amount(row)}
            </Text>
          </Group>
          <Text size="xs" c="dimmed" mt={4}>
            Issued {formatDate(row.issueDate)} · Due {formatDate(row.dueDate)}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}
