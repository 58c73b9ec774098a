// The template dialog (spec 3 §2.3): tabs 'Basic Details' (Template Name, Description, Currency, Apply GST),
// 'Logo & Branding' (logo upload — PNG or JPG, at most 1 MB — company name, address, ABN) and 'Preview
// Template' (the template with sample data, its figures from the domain). A new template's logo is uploaded
// right after it is first saved.
import {
  Alert,
  Button,
  FileInput,
  Group,
  Image,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPhoto } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import {
  displayMoney,
  formatAbn,
  invoiceTemplateInputSchema,
  type InvoiceTemplateRecord,
  invoiceTotals,
  LOGO_MAX_BYTES,
  taxNameFor,
  taxRateFor,
  TEMPLATE_MESSAGES,
} from '@crm/domain';
import { usePhoneLayout } from '../../../lib/use-phone-layout.ts';
import { CurrencyTaxFields } from './currency-tax-fields.tsx';
import { logoUrl, type TemplateBody, useSaveTemplate, useUploadLogo } from '../api/invoices.ts';
import { differs, GuardedModal, useCloseGuard } from '../../../components/close-guard.tsx';

export type TemplateDialogState = { template: InvoiceTemplateRecord | null } | null;

/** Spec 3 §9: the sample the template preview shows. */
const SAMPLE_ITEMS = [
  { description: 'Professional fee – Student visa', quantity: '1', rate: '2200.00', taxable: true },
  { description: 'Visa application charge', quantity: '1', rate: '1600.00', taxable: false },
];

export function TemplateDialog({ state, onClose }: { state: TemplateDialogState; onClose: () => void }) {
  const phone = usePhoneLayout();
  return (
    <GuardedModal
      opened={state !== null}
      onClose={onClose}
      title={state?.template ? 'Edit Template' : 'New Template'}
      size="lg"
      fullScreen={phone}
      closeOnClickOutside={false}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {state ? <TemplateForm key={state.template?.id ?? 'new'} template={state.template} onClose={onClose} /> : null}
    </GuardedModal>
  );
}

const bodyOf = (t: InvoiceTemplateRecord | null): TemplateBody => ({
  name: t?.name ?? '',
  description: t?.description ?? '',
  currency: t?.currency ?? 'AUD',
  applyTax: t?.applyTax ?? true,
  companyName: t?.companyName ?? '',
  companyAddress: t?.companyAddress ?? '',
  companyAbn: t?.companyAbn ?? '',
});

function TemplateForm({ template, onClose }: { template: InvoiceTemplateRecord | null; onClose: () => void }) {
  const [values, setValues] = useState<TemplateBody>(() => bodyOf(template));
  const [file, setFile] = useState<File | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [tab, setTab] = useState<string | null>('basic');
  useCloseGuard(file !== null || differs(values, bodyOf(template)));
  const save = useSaveTemplate();
  const upload = useUploadLogo();
  const parsed = invoiceTemplateInputSchema.safeParse(values);
  const errors = useMemo(() => {
    const out: Record<string, string> = {};
    if (!parsed.success) for (const issue of parsed.error.issues) out[String(issue.path[0])] ??= issue.message;
    return out;
  }, [parsed]);
  const errorOf = (field: string) => (submitted ? errors[field] : undefined);
  const set = <K extends keyof TemplateBody>(key: K, value: TemplateBody[K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  const fileProblem =
    file && !['image/png', 'image/jpeg'].includes(file.type)
      ? TEMPLATE_MESSAGES.logoType
      : file && file.size > LOGO_MAX_BYTES
        ? TEMPLATE_MESSAGES.logoSize
        : null;

  // The chosen file shown at once, before it is uploaded.
  const [localLogo, setLocalLogo] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setLocalLogo(null);
      return undefined;
    }
    const url = URL.createObjectURL(file);
    setLocalLogo(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  const logo = localLogo ?? (template?.hasLogo ? logoUrl(template) : null);

  const submit = async () => {
    setSubmitted(true);
    if (!parsed.success || fileProblem) {
      setTab(errors.name ? 'basic' : errors.companyAbn ? 'branding' : tab);
      notifications.show({ color: 'red', message: Object.values(errors)[0] ?? fileProblem ?? '' });
      return;
    }
    try {
      const saved = await save.mutateAsync({ saved: template ?? null, body: values });
      if (file) {
        await upload.mutateAsync({ id: saved.id, file });
        notifications.show({ color: 'green', message: TEMPLATE_MESSAGES.logoUploaded });
      }
      notifications.show({ color: 'green', message: template ? TEMPLATE_MESSAGES.updated : TEMPLATE_MESSAGES.created });
      onClose();
    } catch (error) {
      notifications.show({ color: 'red', message: `Error: ${(error as Error).message || 'Unknown error occurred'}` });
    }
  };

  const totals = invoiceTotals(SAMPLE_ITEMS, values.applyTax, taxRateFor(values.currency));
  const money = (cents: bigint) => displayMoney(cents, values.currency);
  const taxName = taxNameFor(values.currency);

  return (
    <form
      noValidate
      aria-label={template ? 'Edit template' : 'New template'}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Tabs value={tab} onChange={setTab} keepMounted>
        <Tabs.List mb="md">
          <Tabs.Tab value="basic">Basic Details</Tabs.Tab>
          <Tabs.Tab value="branding">Logo & Branding</Tabs.Tab>
          <Tabs.Tab value="preview">Preview Template</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="basic">
          <Stack gap="sm">
            <TextInput
              label="Template Name"
              required
              maxLength={120}
              value={values.name}
              error={errorOf('name')}
              onChange={(e) => set('name', e.currentTarget.value)}
              data-autofocus
            />
            <Textarea
              label="Description"
              autosize
              minRows={2}
              maxLength={500}
              value={values.description}
              onChange={(e) => set('description', e.currentTarget.value)}
            />
            <SimpleGrid cols={2} spacing="sm" style={{ alignItems: 'end' }}>
              <CurrencyTaxFields
                currency={values.currency}
                applyTax={values.applyTax}
                onCurrency={(c) => set('currency', c)}
                onApplyTax={(on) => set('applyTax', on)}
              />
            </SimpleGrid>
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="branding">
          <Stack gap="sm">
            <Group align="flex-end" gap="sm">
              {logo ? (
                <Image src={logo} alt="Logo" h={56} w="auto" fit="contain" radius="sm" />
              ) : (
                <IconPhoto size={40} color="var(--mantine-color-dimmed)" aria-hidden />
              )}
              <FileInput
                label="Logo"
                description="PNG or JPG, at most 1 MB"
                placeholder="Choose an image"
                accept="image/png,image/jpeg"
                clearable
                value={file}
                onChange={setFile}
                error={fileProblem}
                style={{ flex: 1 }}
              />
            </Group>
            <TextInput
              label="Company Name"
              maxLength={120}
              value={values.companyName}
              onChange={(e) => set('companyName', e.currentTarget.value)}
            />
            <Textarea
              label="Company Address"
              autosize
              minRows={2}
              maxLength={500}
              value={values.companyAddress}
              onChange={(e) => set('companyAddress', e.currentTarget.value)}
            />
            <TextInput
              label="ABN / Business Number"
              placeholder="51 824 753 556"
              maxLength={14}
              value={values.companyAbn}
              error={errorOf('companyAbn')}
              onChange={(e) => set('companyAbn', e.currentTarget.value)}
            />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="preview">
          <Stack gap="xs" p="md" style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 8 }}>
            <Group justify="space-between" align="flex-start">
              <div>
                {logo ? <Image src={logo} alt="" h={40} w="auto" fit="contain" mb={4} /> : null}
                <Text fw={700}>{values.companyName || 'Your company'}</Text>
                {values.companyAbn ? <Text size="sm">ABN {formatAbn(values.companyAbn)}</Text> : null}
                <Text size="xs" c="dimmed" style={{ whiteSpace: 'pre-line' }}>
                  {values.companyAddress}
                </Text>
              </div>
              <Text fw={700} size="lg">
                {values.currency === 'AUD' && values.applyTax ? 'Tax invoice' : 'Invoice'}
              </Text>
            </Group>
            {SAMPLE_ITEMS.map((item, i) => (
              <Group key={i} justify="space-between">
                <Text size="sm">{item.description}</Text>
                <Text size="sm">{money(totals.lineAmounts[i]!)}</Text>
              </Group>
            ))}
            {values.applyTax ? (
              <Group justify="space-between">
                <Text size="sm" c="dimmed">
                  {taxName} ({taxRateFor(values.currency)}%)
                </Text>
                <Text size="sm">{money(totals.tax)}</Text>
              </Group>
            ) : null}
            <Group justify="space-between">
              <Text fw={700}>Total</Text>
              <Text fw={700}>{money(totals.total)}</Text>
            </Group>
            <Text size="xs" c="dimmed">
              Sample data, due in 30 days.
            </Text>
          </Stack>
        </Tabs.Panel>
      </Tabs>
      {template?.builtIn ? (
        <Alert color="gray" variant="light" p="xs" mt="sm">
          <Text size="sm">A built-in template: it may be changed but not deleted.</Text>
        </Alert>
      ) : null}
      <Group justify="flex-end" gap="xs" mt="md">
        <Button variant="default" onClick={onClose} disabled={save.isPending || upload.isPending}>
          Cancel
        </Button>
        <Button type="submit" loading={save.isPending || upload.isPending}>
          {template ? 'Save Changes' : 'Create Template'}
        </Button>
      </Group>
    </form>
  );
}
