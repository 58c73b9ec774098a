// The invoice's two item tables (spec 3 §2.2): 'Items with Australian Tax (GST)' (VAT for PHP) and 'Items
// without Tax', each with 'Add Item'; a line's amount shown as quantity × rate as the user types. Removing
// the last line of the invoice is refused ('You must have at least one item'). Each line's tax treatment is a
// compact select (decision 0024): changing it moves the line to the other table, and a line billing a service
// taxed otherwise asks why under its description.
import {
  ActionIcon,
  Button,
  Group,
  NumberInput,
  type NumberInputProps,
  Select,
  type SelectProps,
  Stack,
  Table,
  Text,
  TextInput,
  type TextInputProps,
  Title,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import {
  displayMoney,
  INVOICE_MESSAGES,
  lineAmountCents,
  TAX_TREATMENT_LABELS,
  TAX_TREATMENTS,
  type TaxTreatment,
  taxNameFor,
  TREATMENT_REASON_MAX,
} from '@crm/domain';
import { usePhoneLayout } from '../../../lib/use-phone-layout.ts';
import { isTaxedItem, type ItemValues, newItem, showsTreatmentReason } from '../invoice-form-values.ts';
import { AmountInput } from './amount-input.tsx';

const TREATMENT_OPTIONS = TAX_TREATMENTS.map((value) => ({ value, label: TAX_TREATMENT_LABELS[value] }));

type ItemsEditorProps = {
  items: ItemValues[];
  currency: string;
  readOnly: boolean;
  errorOf: (path: string) => string | undefined;
  onChange: (items: ItemValues[]) => void;
};

export function ItemsEditor({ items, currency, readOnly, errorOf, onChange }: ItemsEditorProps) {
  const taxName = taxNameFor(currency);
  const taxedTitle = currency === 'AUD' ? 'Items with Australian Tax (GST)' : `Items with ${taxName}`;
  const update = (key: string, patch: Partial<ItemValues>) =>
    onChange(items.map((item) => (item.key === key ? { ...item, ...patch } : item)));
  const remove = (key: string) => {
    if (items.length <= 1) {
      notifications.show({ color: 'red', message: INVOICE_MESSAGES.lastItem });
      return;
    }
    onChange(items.filter((item) => item.key !== key));
  };
  return (
    <Stack gap="md">
      {[true, false].map((taxable) => (
        <ItemTable
          key={String(taxable)}
          title={taxable ? taxedTitle : 'Items without Tax'}
          rows={items.map((item, index) => ({ item, index })).filter(({ item }) => isTaxedItem(item) === taxable)}
          currency={currency}
          readOnly={readOnly}
          errorOf={errorOf}
          onUpdate={update}
          onRemove={remove}
          onAdd={() => onChange([...items, newItem(taxable ? 'taxable' : 'government_charge')])}
        />
      ))}
    </Stack>
  );
}

type ItemTableProps = {
  title: string;
  rows: { item: ItemValues; index: number }[];
  currency: string;
  readOnly: boolean;
  errorOf: (path: string) => string | undefined;
  onUpdate: (key: string, patch: Partial<ItemValues>) => void;
  onRemove: (key: string) => void;
  onAdd: () => void;
};

function ItemTable({ title, rows, currency, readOnly, errorOf, onUpdate, onRemove, onAdd }: ItemTableProps) {
  const phone = usePhoneLayout();
  return (
    <div>
      <Group justify="space-between" mb={6}>
        <Title order={4} size="h6">
          {title}
        </Title>
        {readOnly ? null : (
          <Button size="compact-sm" variant="light" leftSection={<IconPlus size={14} />} onClick={onAdd}>
            Add Item
          </Button>
        )}
      </Group>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          No items.
        </Text>
      ) : phone ? (
        // On a phone each line is a small card: the description across, quantity, rate and amount under it.
        <Stack gap="xs" aria-label={title} role="list">
          {rows.map(({ item, index }) => (
            <Stack
              key={item.key}
              gap={6}
              p="xs"
              role="listitem"
              data-testid="invoice-item"
              style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 8 }}
            >
              <Group gap="xs" wrap="nowrap" align="flex-start">
                <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
                  <DescriptionField
                    item={item}
                    index={index}
                    readOnly={readOnly}
                    errorOf={errorOf}
                    onUpdate={onUpdate}
                  />
                  <TreatmentField item={item} index={index} readOnly={readOnly} errorOf={errorOf} onUpdate={onUpdate} />
                  <ReasonField item={item} index={index} readOnly={readOnly} errorOf={errorOf} onUpdate={onUpdate} />
                </Stack>
                {readOnly ? null : (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    aria-label={`Remove item ${index + 1}`}
                    onClick={() => onRemove(item.key)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                )}
              </Group>
              <Group gap="xs" wrap="nowrap" align="flex-start">
                <QuantityField
                  item={item}
                  index={index}
                  readOnly={readOnly}
                  errorOf={errorOf}
                  onUpdate={onUpdate}
                  leftSection={<Text size="xs">Qty</Text>}
                  w={96}
                />
                <RateField
                  item={item}
                  index={index}
                  readOnly={readOnly}
                  errorOf={errorOf}
                  onUpdate={onUpdate}
                  placeholder="Rate"
                  style={{ flex: 1 }}
                />
                <Text size="sm" fw={600} pt={8} style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                  {lineAmount(item, currency)}
                </Text>
              </Group>
            </Stack>
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={0}>
          <Table verticalSpacing={4} aria-label={title}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Description and tax treatment</Table.Th>
                <Table.Th w={90}>Qty</Table.Th>
                <Table.Th w={130}>Rate</Table.Th>
                <Table.Th w={120} ta="right">
                  Amount
                </Table.Th>
                {readOnly ? null : <Table.Th w={40} />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map(({ item, index }) => (
                <Table.Tr key={item.key} data-testid="invoice-item">
                  <Table.Td>
                    <Stack gap={4}>
                      <DescriptionField
                        item={item}
                        index={index}
                        readOnly={readOnly}
                        errorOf={errorOf}
                        onUpdate={onUpdate}
                      />
                      <TreatmentField
                        item={item}
                        index={index}
                        readOnly={readOnly}
                        errorOf={errorOf}
                        onUpdate={onUpdate}
                        maw={280}
                      />
                      <ReasonField
                        item={item}
                        index={index}
                        readOnly={readOnly}
                        errorOf={errorOf}
                        onUpdate={onUpdate}
                      />
                    </Stack>
                  </Table.Td>
                  <Table.Td>
                    <QuantityField
                      item={item}
                      index={index}
                      readOnly={readOnly}
                      errorOf={errorOf}
                      onUpdate={onUpdate}
                    />
                  </Table.Td>
                  <Table.Td>
                    <RateField
                      item={item}
                      index={index}
                      readOnly={readOnly}
                      errorOf={errorOf}
                      onUpdate={onUpdate}
                      placeholder="0.00"
                    />
                  </Table.Td>
                  <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                    {displayMoney(
                      lineAmountCents({ quantity: item.quantity || '0', rate: item.rate || '0' }),
                      currency,
                    )}
                  </Table.Td>
                  {readOnly ? null : (
                    <Table.Td>
                      <Tooltip label="Remove item">
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={`Remove item ${index + 1}`}
                          onClick={() => onRemove(item.key)}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Tooltip>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </div>
  );
}

type FieldProps = {
  item: ItemValues;
  index: number;
  readOnly: boolean;
  errorOf: (path: string) => string | undefined;
  onUpdate: (key: string, patch: Partial<ItemValues>) => void;
};

/** The line's three inputs, the same in the table and in a phone's cards; `extra` places them. */
function DescriptionField({ item, index, readOnly, errorOf, onUpdate, ...extra }: FieldProps & TextInputProps) {
  return (
    <TextInput
      aria-label={`Description of item ${index + 1}`}
      placeholder="Description"
      value={item.description}
      readOnly={readOnly}
      maxLength={500}
      error={errorOf(`items.${index}.description`)}
      onChange={(e) => onUpdate(item.key, { description: e.currentTarget.value })}
      {...extra}
    />
  );
}

/** The line's tax treatment, compact: choosing one moves the line to the table it belongs to. */
function TreatmentField({ item, index, readOnly, errorOf, onUpdate, ...extra }: FieldProps & SelectProps) {
  return (
    <Select
      aria-label={`Tax treatment of item ${index + 1}`}
      size="xs"
      data={TREATMENT_OPTIONS}
      value={item.taxTreatment}
      allowDeselect={false}
      readOnly={readOnly}
      comboboxProps={{ width: 280, position: 'bottom-start' }}
      error={errorOf(`items.${index}.taxTreatment`)}
      onChange={(value) => value && onUpdate(item.key, { taxTreatment: value as TaxTreatment })}
      {...extra}
    />
  );
}

/** Why a line billing a service is taxed otherwise than the service (shown only then, or with a reason kept). */
function ReasonField({ item, index, readOnly, errorOf, onUpdate }: FieldProps) {
  const error = errorOf(`items.${index}.treatmentReason`);
  if (!showsTreatmentReason(item) && !error) return null;
  return (
    <TextInput
      size="xs"
      aria-label={`Reason for the tax treatment of item ${index + 1}`}
      placeholder="Reason for the tax treatment"
      description={item.serviceTreatment ? `The service: ${TAX_TREATMENT_LABELS[item.serviceTreatment]}` : undefined}
      value={item.treatmentReason}
      readOnly={readOnly}
      maxLength={TREATMENT_REASON_MAX}
      error={error}
      onChange={(e) => onUpdate(item.key, { treatmentReason: e.currentTarget.value })}
    />
  );
}

function QuantityField({ item, index, readOnly, errorOf, onUpdate, ...extra }: FieldProps & NumberInputProps) {
  return (
    <NumberInput
      clampBehavior="none"
      aria-label={`Quantity of item ${index + 1}`}
      value={item.quantity}
      readOnly={readOnly}
      min={0}
      step={0.01}
      decimalScale={2}
      hideControls
      error={errorOf(`items.${index}.quantity`)}
      onChange={(v) => onUpdate(item.key, { quantity: String(v) })}
      {...extra}
    />
  );
}

function RateField({ item, index, readOnly, errorOf, onUpdate, ...extra }: FieldProps & NumberInputProps) {
  return (
    <AmountInput
      aria-label={`Rate of item ${index + 1}`}
      value={item.rate}
      readOnly={readOnly}
      step={0.01}
      error={errorOf(`items.${index}.rate`)}
      onChange={(v) => onUpdate(item.key, { rate: v })}
      {...extra}
    />
  );
}

const lineAmount = (item: ItemValues, currency: string) =>
  displayMoney(lineAmountCents({ quantity: item.quantity || '0', rate: item.rate || '0' }), currency);
