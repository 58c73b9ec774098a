// The Templates tab of Finance (spec 3 §2.3): 'Invoice Templates' — table or tiles, New Template, search,
// select and 'Delete Selected', each with Preview (the server's PDF of a sample invoice made from it), Edit
// and Delete (built-in presets are never deleted) — and 'Receipt Templates', which shows 'Receipt
// Management': Finance's Receipts & Credits lists (the saved receipts with View, Download and Delete, the
// credit notes, the refunds), handed in by the Finance page so that one component serves both places.
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Image.css';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Checkbox,
  EmptyState,
  Group,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconEye, IconPencil, IconPlus, IconTemplate, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { addDays, INVOICE_DEFAULTS, type InvoiceTemplateRecord, TEMPLATE_MESSAGES } from '@crm/domain';
import { PageLoader } from '../../../components/page-loader.tsx';
import { RecordActionModal } from '../../../components/record-action-modal.tsx';
import { SearchBox } from '../../../components/search-box.tsx';
import { useAuthorization } from '../../../lib/authorization.ts';
import { useDateFormat } from '../../../lib/format.ts';
import { openFile, previewPdf, useDeleteTemplate, useTemplates } from '../api/invoices.ts';
import { TemplateDialog, type TemplateDialogState } from './template-dialog.tsx';

export function TemplatesTab({ receiptManagement }: { receiptManagement: ReactNode }) {
  return (
    <Tabs defaultValue="invoice" keepMounted={false}>
      <Tabs.List mb="md">
        <Tabs.Tab value="invoice">Invoice Templates</Tabs.Tab>
        <Tabs.Tab value="receipt">Receipt Templates</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="invoice">
        <InvoiceTemplates />
      </Tabs.Panel>
      <Tabs.Panel value="receipt">{receiptManagement}</Tabs.Panel>
    </Tabs>
  );
}

function InvoiceTemplates() {
  const { can } = useAuthorization();
  const { today } = useDateFormat();
  const templates = useTemplates();
  const remove = useDeleteTemplate();
  const [search, setSearch] = useState<string | undefined>();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [dialog, setDialog] = useState<TemplateDialogState>(null);
  const [deleting, setDeleting] = useState<InvoiceTemplateRecord[] | null>(null);
  const all = templates.data ?? [];
  const term = search?.toLowerCase() ?? '';
  const shown = term
    ? all.filter((t) => `${t.name} ${t.description ?? ''} ${t.companyName ?? ''}`.toLowerCase().includes(term))
    : all;
  const canDelete = can('finance:delete');

  const preview = async (template: InvoiceTemplateRecord) => {
    try {
      const date = today();
      openFile(
        await previewPdf({
          invoiceNumber: 'INV-SAMPLE',
          issueDate: date,
          dueDate: addDays(date, 30),
          entityType: null,
          entityId: null,
          clientName: 'Sample Client',
          clientEmail: 'client@example.com',
          clientAddress: '1 Sample Street, Sydney NSW 2000',
          templateId: template.id,
          currency: template.currency,
          applyTax: template.applyTax,
          items: [
            {
              description: 'Professional fee',
              quantity: '1',
              rate: '2200.00',
              taxable: true,
              taxTreatment: 'taxable',
              treatmentReason: null,
              serviceId: null,
            },
            {
              description: 'Government charge',
              quantity: '1',
              rate: '1600.00',
              taxable: false,
              taxTreatment: 'government_charge',
              treatmentReason: null,
              serviceId: null,
            },
          ],
          notes: INVOICE_DEFAULTS.notes,
          terms: INVOICE_DEFAULTS.terms,
        }),
      );
    } catch (error) {
      notifications.show({ color: 'red', message: `Failed to generate PDF: ${(error as Error).message}` });
    }
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <SearchBox label="Search templates" placeholder="Search templates..." onSearch={setSearch} maxWidth={380} />
        <Group gap="xs">
          {canDelete && selected.size > 0 ? (
            <Button
              color="red"
              variant="light"
              leftSection={<IconTrash size={16} />}
              onClick={() => setDeleting(all.filter((t) => selected.has(t.id)))}
            >
              Delete Selected ({selected.size})
            </Button>
          ) : null}
          {can('finance:create') ? (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({ template: null })}>
              New Template
            </Button>
          ) : null}
        </Group>
      </Group>
      {templates.isPending ? (
        <PageLoader label="Loading templates..." />
      ) : shown.length === 0 ? (
        <EmptyState py={40} icon={<IconTemplate size={28} />} title="No templates found" />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
          {shown.map((template) => (
            <Card key={template.id} withBorder radius="md" padding="sm" data-testid="template-card">
              <Group justify="space-between" align="flex-start" wrap="nowrap">
                <Group gap="xs" wrap="nowrap" align="flex-start" miw={0}>
                  {canDelete && !template.builtIn ? (
                    <Checkbox
                      aria-label={`Select ${template.name}`}
                      checked={selected.has(template.id)}
                      onChange={() =>
                        setSelected((s) => {
                          const next = new Set(s);
                          if (next.has(template.id)) next.delete(template.id);
                          else next.add(template.id);
                          return next;
                        })
                      }
                      mt={2}
                    />
                  ) : null}
                  <div style={{ minWidth: 0 }}>
                    <Text fw={600} size="sm">
                      {template.name}
                    </Text>
                    {template.description ? (
                      <Text size="xs" c="dimmed" lineClamp={2}>
                        {template.description}
                      </Text>
                    ) : null}
                  </div>
                </Group>
                {template.builtIn ? (
                  <Badge size="xs" variant="light" color="gray" tt="none">
                    Built-in
                  </Badge>
                ) : null}
              </Group>
              <Group gap={6} mt="xs">
                <Badge size="sm" variant="outline" tt="none">
                  {template.currency}
                </Badge>
                <Badge size="sm" variant="outline" tt="none" color={template.applyTax ? 'green' : 'gray'}>
                  {template.applyTax ? (template.currency === 'PHP' ? 'VAT' : 'GST') : 'No tax'}
                </Badge>
                {template.hasLogo ? (
                  <Badge size="sm" variant="outline" tt="none" color="blue">
                    Logo
                  </Badge>
                ) : null}
              </Group>
              {template.companyName ? (
                <Text size="xs" c="dimmed" mt={6}>
                  {template.companyName}
                  {template.companyAbn ? ` · ABN ${template.companyAbn}` : ''}
                </Text>
              ) : null}
              <Group justify="flex-end" gap={4} mt="xs">
                <Tooltip label="Preview">
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={`Preview ${template.name}`}
                    onClick={() => void preview(template)}
                  >
                    <IconEye size={18} />
                  </ActionIcon>
                </Tooltip>
                {can('finance:edit') ? (
                  <Tooltip label="Edit">
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={`Edit ${template.name}`}
                      onClick={() => setDialog({ template })}
                    >
                      <IconPencil size={18} />
                    </ActionIcon>
                  </Tooltip>
                ) : null}
                {canDelete && !template.builtIn ? (
                  <Tooltip label="Delete">
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Delete ${template.name}`}
                      onClick={() => setDeleting([template])}
                    >
                      <IconTrash size={18} />
                    </ActionIcon>
                  </Tooltip>
                ) : null}
              </Group>
            </Card>
          ))}
        </SimpleGrid>
      )}
      <TemplateDialog state={dialog} onClose={() => setDialog(null)} />
      <RecordActionModal
        opened={deleting !== null}
        title="Delete Template"
        subject={
          deleting
            ? { name: deleting.length === 1 ? deleting[0]!.name : `${deleting.length} templates`, displayId: '' }
            : null
        }
        body={
          deleting && deleting.length > 1
            ? TEMPLATE_MESSAGES.deleteManyConfirm(deleting.length)
            : TEMPLATE_MESSAGES.deleteConfirm
        }
        reasonPlaceholder={null}
        confirmLabel="Delete"
        color="red"
        messages={{ success: TEMPLATE_MESSAGES.deleted, failure: 'Error' }}
        run={async () => {
          for (const t of deleting ?? []) await remove.mutateAsync(t.id);
          setSelected(new Set());
        }}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
