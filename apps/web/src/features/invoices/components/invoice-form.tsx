// The invoice form (spec 3 §2.2): Invoice Details, Client Information (an existing client fills name, email
// and address, or they are typed), Template and Currency, 'Apply GST (10%)' ('Apply VAT (12%)' for PHP),
// the two item tables, the figures as the user types, Notes and Terms; Preview, Cancel and Save Invoice.
// Preview shows the server's PDF of the unsaved invoice in the dialog (spec 3 §2.2: Back to Editor, Print,
// Download PDF). A paid invoice changes its notes only; a cancelled one nothing.
import { Button, Divider, Group, Select, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconDownload, IconEye, IconPrinter, IconReceipt } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import {
  addDays,
  ASSIGNED_ON_SAVE,
  displayMoney,
  fullNameOf,
  INVOICE_DEFAULTS,
  INVOICE_MESSAGES,
  type InvoiceRecord,
  taxNameFor,
  taxRateFor,
} from '@crm/domain';
import { DateField } from '../../../components/date-field.tsx';
import { PdfPages, preparePdfPages } from '../../../components/pdf-pages.tsx';
import { ReadOnlyNotice } from '../../../components/record-section.tsx';
import { saveFile } from '../../../lib/file-requests.ts';
import { isStaleEditError, SaveErrorAlert } from '../../../components/record-form/record-form-alerts.tsx';
import { answer, ApiError, server } from '../../../lib/api-client.ts';
import { recordOptions, useRecordSearch } from '../../../lib/record-search.ts';
import { openFile, previewPdf, useSaveInvoice, useTemplates } from '../api/invoices.ts';
import {
  billServices,
  formErrorsOf,
  formTotals,
  type InvoiceFormValues,
  invoiceFormErrors,
  invoiceToFormValues,
  toInvoiceBody,
} from '../invoice-form-values.ts';
import { CurrencyTaxFields } from './currency-tax-fields.tsx';
import { ItemsEditor } from './items-editor.tsx';
import { TemplatePicker } from './template-picker.tsx';
import { differs, useCloseGuard } from '../../../components/close-guard.tsx';

type InvoiceFormProps = {
  invoice: InvoiceRecord | null;
  initialValues: InvoiceFormValues;
  onClose: () => void;
  onSaved: (saved: InvoiceRecord) => void;
  onReload: () => Promise<InvoiceRecord | undefined>;
};

export function InvoiceForm({ invoice, initialValues, onClose, onSaved, onReload }: InvoiceFormProps) {
  const [values, setValues] = useState<InvoiceFormValues>(initialValues);
  const [baseline, setBaseline] = useState<InvoiceFormValues>(initialValues);
  const [current, setCurrent] = useState<InvoiceRecord | null>(invoice);
  const [submitted, setSubmitted] = useState(false);
  const [dueTouched, setDueTouched] = useState(invoice !== null);
  const [saveError, setSaveError] = useState<Error | null>(null);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [previewing, setPreviewing] = useState(false);
  /** The PDF of the invoice as it stood when Preview was pressed; null while editing. */
  const [previewFile, setPreviewFile] = useState<Blob | null>(null);
  const save = useSaveInvoice();
  const templates = useTemplates();

  const paid = current?.state === 'paid';
  const cancelled = current?.state === 'cancelled';
  const readOnly = paid || cancelled;
  useCloseGuard(!readOnly && differs(values, baseline));
  const live = useMemo(() => invoiceFormErrors(values), [values]);
  const totals = useMemo(() => formTotals(values), [values]);
  // The dates' rule across fields shows at once: a due date before the issue date is never a typo to save.
  const errorOf = (path: string) => (submitted || path === 'dueDate' ? live[path] : undefined) ?? serverErrors[path];
  const set = <K extends keyof InvoiceFormValues>(key: K, value: InvoiceFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setServerErrors({});
  };
  const taxName = taxNameFor(values.currency);
  const rate = taxRateFor(values.currency);
  const money = (cents: bigint) => displayMoney(cents, values.currency);

  const submit = async () => {
    setSubmitted(true);
    const problem = Object.values(live)[0];
    if (problem) {
      notifications.show({ color: 'red', message: problem });
      return;
    }
    setSaveError(null);
    try {
      const saved = await save.mutateAsync({
        saved: current,
        body: toInvoiceBody(values),
      });
      setCurrent(saved);
      notifications.show({ color: 'green', message: current ? INVOICE_MESSAGES.updated : INVOICE_MESSAGES.created });
      onSaved(saved);
    } catch (error) {
      const failed = error as Error;
      setSaveError(failed);
      if (failed instanceof ApiError) setServerErrors(formErrorsOf(values, failed.fieldErrors));
      notifications.show({ color: 'red', message: failed.message || INVOICE_MESSAGES.saveFailed });
    }
  };

  const preview = async () => {
    setSubmitted(true);
    if (Object.keys(live).length > 0) {
      notifications.show({ color: 'red', message: Object.values(live)[0]! });
      return;
    }
    setPreviewing(true);
    void preparePdfPages().catch(() => undefined);
    try {
      setPreviewFile(await previewPdf(toInvoiceBody(values)));
    } catch (error) {
      notifications.show({ color: 'red', message: `Failed to generate PDF: ${(error as Error).message}` });
    } finally {
      setPreviewing(false);
    }
  };

  const reload = async () => {
    const fresh = await onReload();
    setSaveError(null);
    if (fresh) {
      setCurrent(fresh);
      setValues(invoiceToFormValues(fresh));
      setBaseline(invoiceToFormValues(fresh));
    }
  };

  const [billing, setBilling] = useState(false);
  const [picking, setPicking] = useState(false);
  /** Beyond the spec: the client's services still owing become lines, each linked to its service. */
  const billClientServices = async () => {
    if (values.entityType !== 'client' || !values.entityId) return;
    setBilling(true);
    try {
      const services = await answer(
        server.GET('/api/clients/{id}/services', { params: { path: { id: values.entityId } } }),
      );
      const items = billServices(values, services);
      if (items.length === values.items.filter((i) => i.description.trim() || i.rate.trim()).length)
        notifications.show({ message: `No services owing in ${values.currency} left to bill` });
      else set('items', items);
    } catch (error) {
      notifications.show({ color: 'red', message: (error as Error).message });
    } finally {
      setBilling(false);
    }
  };

  const chooseTemplate = (id: string | null) => {
    const template = templates.data?.find((t) => t.id === id);
    setValues((v) => ({
      ...v,
      templateId: id,
      ...(template ? { currency: template.currency, applyTax: template.applyTax } : {}),
    }));
  };

  if (previewFile) {
    const fileName = `${values.invoiceNumber.trim() || current?.invoiceNumber || 'invoice-preview'}.pdf`;
    return (
      <Stack gap="md">
        <Group justify="space-between" gap="xs">
          <Button
            variant="default"
            leftSection={<IconArrowLeft size={16} />}
            onClick={() => setPreviewFile(null)}
            data-autofocus
          >
            Back to Editor
          </Button>
          <Group gap="xs">
            <Button variant="default" leftSection={<IconPrinter size={16} />} onClick={() => openFile(previewFile)}>
              Print
            </Button>
            <Button
              variant="default"
              leftSection={<IconDownload size={16} />}
              onClick={() => saveFile(previewFile, fileName)}
            >
              Download PDF
            </Button>
          </Group>
        </Group>
        {current || values.invoiceNumber.trim() ? null : (
          <Text size="xs" c="dimmed">
            A preview: the invoice number is assigned on save.
          </Text>
        )}
        <PdfPages file={previewFile} label="Invoice preview" />
      </Stack>
    );
  }

  return (
    <form
      noValidate
      aria-label={current ? 'Edit invoice' : 'New invoice'}
      onSubmit={(event) => {
        event.preventDefault();
        if (!cancelled && !save.isPending) void submit();
      }}
    >
      <Stack gap="md">
        {paid || cancelled ? (
          <ReadOnlyNotice>{paid ? INVOICE_MESSAGES.readOnlyPaid : INVOICE_MESSAGES.readOnlyCancelled}</ReadOnlyNotice>
        ) : null}
        {saveError ? (
          <SaveErrorAlert
            title={INVOICE_MESSAGES.saveFailed}
            message={saveError.message}
            stale={isStaleEditError(saveError)}
            onDismiss={() => setSaveError(null)}
            onReload={() => void reload()}
            onRetry={() => void submit()}
            retryDisabled={save.isPending}
          />
        ) : null}

        <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Stack gap="md">
            <section>
              <Title order={3} size="h5" mb="xs">
                Invoice Details
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" verticalSpacing="xs">
                <TextInput
                  label="Invoice Number"
                  placeholder={ASSIGNED_ON_SAVE}
                  description={current ? undefined : `Left empty: the next ${INVOICE_DEFAULTS.numberPrefix} number`}
                  value={values.invoiceNumber}
                  maxLength={40}
                  error={errorOf('invoiceNumber')}
                  onChange={(e) => set('invoiceNumber', e.currentTarget.value)}
                />
                <DateField
                  kind="document"
                  label="Issue Date"
                  required
                  value={values.issueDate}
                  error={errorOf('issueDate')}
                  onChange={(date) =>
                    setValues((v) => ({
                      ...v,
                      issueDate: date,
                      // Due 14 days after issue (spec 3 §9) until the user sets the due date.
                      dueDate: !dueTouched && date ? addDays(date, INVOICE_DEFAULTS.dueInDays) : v.dueDate,
                    }))
                  }
                />
                <DateField
                  kind="document"
                  label="Due Date"
                  required
                  value={values.dueDate}
                  error={errorOf('dueDate')}
                  onChange={(date) => {
                    setDueTouched(true);
                    set('dueDate', date);
                  }}
                />
              </SimpleGrid>
            </section>

            <section>
              <Title order={3} size="h5" mb="xs">
                Client Information
              </Title>
              <Stack gap="xs">
                <RecordPicker
                  value={values.entityId}
                  onPick={(record) =>
                    setValues((v) => ({
                      ...v,
                      entityType: record?.type ?? null,
                      entityId: record?.id ?? null,
                      ...(record
                        ? {
                            clientName: record.name,
                            clientEmail: record.email,
                            clientAddress: record.address || v.clientAddress,
                          }
                        : {}),
                    }))
                  }
                />
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
                  <TextInput
                    label="Client Name"
                    required
                    maxLength={200}
                    value={values.clientName}
                    error={errorOf('clientName')}
                    onChange={(e) => set('clientName', e.currentTarget.value)}
                  />
                  <TextInput
                    label="Client Email"
                    type="email"
                    maxLength={254}
                    value={values.clientEmail}
                    error={errorOf('clientEmail')}
                    onChange={(e) => set('clientEmail', e.currentTarget.value)}
                  />
                </SimpleGrid>
                <Textarea
                  label="Client Address"
                  required
                  autosize
                  minRows={2}
                  maxLength={500}
                  value={values.clientAddress}
                  error={errorOf('clientAddress')}
                  onChange={(e) => set('clientAddress', e.currentTarget.value)}
                />
              </Stack>
            </section>

            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" verticalSpacing="xs" style={{ alignItems: 'end' }}>
              <Group gap="xs" align="flex-end" wrap="nowrap">
                <Select
                  label="Template"
                  placeholder={templates.isLoading ? 'Loading templates...' : 'No template'}
                  clearable
                  data={(templates.data ?? []).map((t) => ({ value: t.id, label: t.name }))}
                  value={values.templateId}
                  onChange={chooseTemplate}
                  nothingFoundMessage="No templates found. Create a template in the Templates tab."
                  style={{ flex: 1, minWidth: 0 }}
                />
                <Button variant="default" onClick={() => setPicking(true)} disabled={readOnly}>
                  Select Template
                </Button>
              </Group>
              <CurrencyTaxFields
                currency={values.currency}
                applyTax={values.applyTax}
                onCurrency={(c) => set('currency', c)}
                onApplyTax={(on) => set('applyTax', on)}
              />
            </SimpleGrid>

            {values.entityType === 'client' && values.entityId && !readOnly ? (
              <Group justify="flex-end">
                <Button
                  variant="light"
                  size="compact-sm"
                  leftSection={<IconReceipt size={14} />}
                  loading={billing}
                  onClick={() => void billClientServices()}
                >
                  Bill services
                </Button>
              </Group>
            ) : null}
            <ItemsEditor
              items={values.items}
              currency={values.currency}
              readOnly={readOnly}
              errorOf={(path) => errorOf(path)}
              onChange={(items) => set('items', items)}
            />
            {submitted && live.items ? (
              <Text size="sm" c="red" role="alert">
                {live.items}
              </Text>
            ) : null}
          </Stack>
        </fieldset>

        <Stack gap={4} align="flex-end" data-testid="invoice-totals">
          <TotalLine label={`Subtotal (${taxName} applies)`} value={money(totals.taxableSubtotal)} />
          {values.applyTax ? <TotalLine label={`${taxName} (${rate}%)`} value={money(totals.tax)} /> : null}
          <TotalLine label={`Subtotal (no ${taxName})`} value={money(totals.nonTaxableSubtotal)} />
          <Divider w={280} />
          <TotalLine label="Grand Total" value={money(totals.total)} strong />
        </Stack>

        <fieldset disabled={cancelled} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Textarea
              label="Notes"
              placeholder="Additional notes or payment instructions"
              autosize
              minRows={2}
              maxLength={2000}
              value={values.notes}
              onChange={(e) => set('notes', e.currentTarget.value)}
            />
            <Textarea
              label="Terms"
              autosize
              minRows={2}
              maxLength={2000}
              disabled={readOnly}
              value={values.terms}
              onChange={(e) => set('terms', e.currentTarget.value)}
            />
          </SimpleGrid>
        </fieldset>

        <TemplatePicker
          opened={picking}
          templates={templates.data ?? []}
          current={values.templateId}
          onUse={(template) => {
            chooseTemplate(template.id);
            setPicking(false);
          }}
          onClose={() => setPicking(false)}
        />
        <Group justify="space-between" gap="xs">
          <Button
            variant="default"
            leftSection={<IconEye size={16} />}
            loading={previewing}
            onClick={() => void preview()}
          >
            Preview
          </Button>
          <Group gap="xs">
            <Button variant="default" onClick={onClose} disabled={save.isPending}>
              Cancel
            </Button>
            {cancelled ? null : (
              <Button type="submit" loading={save.isPending}>
                Save Invoice
              </Button>
            )}
          </Group>
        </Group>
      </Stack>
    </form>
  );
}

function TotalLine({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group gap="md" justify="flex-end" wrap="nowrap">
      <Text size={strong ? 'md' : 'sm'} c={strong ? undefined : 'dimmed'} fw={strong ? 700 : undefined}>
        {label}
      </Text>
      <Text
        size={strong ? 'lg' : 'sm'}
        fw={strong ? 700 : 500}
        miw={120}
        ta="right"
        style={{ fontVariantNumeric: 'tabular-nums' }}
      >
        {value}
      </Text>
    </Group>
  );
}

type PickedRecord = { type: 'lead' | 'client'; id: string; name: string; email: string; address: string };

/**
 * 'Pick an existing client' — or a lead, billed before conversion (a consultation fee): a search over the
 * records the user may see; fills name, email and address.
 */
function RecordPicker({ value, onPick }: { value: string | null; onPick: (record: PickedRecord | null) => void }) {
  const [search, setSearch] = useState('');
  const found = useRecordSearch(search, { pageSize: 8 });
  const records: PickedRecord[] = [
    ...found.clients.map((c) => ({
      type: 'client' as const,
      id: c.id,
      name: fullNameOf(c),
      email: c.email,
      address:
        c.address ??
        [c.street1, c.street2, [c.city, c.stateRegion, c.postalCode].filter(Boolean).join(' '), c.country]
          .filter(Boolean)
          .join(', '),
    })),
    ...found.leads.map((l) => ({
      type: 'lead' as const,
      id: l.id,
      name: fullNameOf(l),
      email: l.email,
      address: l.countryOfResidence ?? '',
    })),
  ];
  return (
    <Select
      label="Existing client or lead (optional)"
      placeholder="Search by name or email"
      searchable
      clearable
      data={recordOptions(records)}
      value={value}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      nothingFoundMessage={found.searching ? 'Searching...' : 'No clients or leads found'}
      onChange={(id) => onPick(records.find((r) => r.id === id) ?? null)}
    />
  );
}
