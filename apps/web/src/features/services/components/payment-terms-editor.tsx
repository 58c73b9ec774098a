// The payment terms of a 'Tuition Fee' service (spec 2 §3, §5): terms added and removed, each named
// 'Term N' until renamed, with amount, paid amount, due and payment dates and notes; a saved term shows the
// status the server derived. With terms, the service's paid amount is their sum, and their amounts may not
// add up to more than the fee.
import { ActionIcon, Alert, Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useId } from 'react';
import { displayMoney } from '@crm/domain';
import { DateField } from '../../../components/date-field.tsx';
import { MoneyInput } from '../../../components/money-input.tsx';
import { newTerm, type ServiceFigures, type ServiceFormValues } from '../service-form-values.ts';
import { TermStatusBadge } from './service-badges.tsx';

/** The domain schema's limit on terms. */
const MAX_TERMS = 24;

type PaymentTermsEditorProps = {
  form: UseFormReturnType<ServiceFormValues>;
  figures: ServiceFigures;
  /** The message to show for a path, or undefined (the form decides when errors show). */
  errorOf: (path: string) => string | undefined;
  readOnly: boolean;
};

export function PaymentTermsEditor({ form, figures, errorOf, readOnly }: PaymentTermsEditorProps) {
  const { tuitionTerms: terms, currency } = form.values;
  const text = (index: number, field: 'termName' | 'notes') => ({
    value: terms[index]![field],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
      form.setFieldValue(`tuitionTerms.${index}.${field}`, event.currentTarget.value),
    error: errorOf(`tuitionTerms.${index}.${field}`),
  });
  const money = (index: number, field: 'amount' | 'paidAmount') => ({
    value: terms[index]![field],
    onChange: (value: string) => form.setFieldValue(`tuitionTerms.${index}.${field}`, value),
    error: errorOf(`tuitionTerms.${index}.${field}`),
    currency,
  });
  const date = (index: number, field: 'dueDate' | 'paymentDate') => ({
    value: terms[index]![field],
    onChange: (value: string) => form.setFieldValue(`tuitionTerms.${index}.${field}`, value),
    error: errorOf(`tuitionTerms.${index}.${field}`),
  });
  const totalError = errorOf('tuitionTerms');
  const titleId = useId();

  return (
    <Stack gap="xs" role="group" aria-labelledby={titleId}>
      <Group justify="space-between" gap="xs">
        <div>
          <Text id={titleId} fw={600} size="sm">
            Payment Terms
          </Text>
          <Text size="xs" c="dimmed">
            {terms.length === 0
              ? 'Split the tuition fee into terms; the paid amount is then the sum of the terms paid.'
              : `${terms.length} term${terms.length === 1 ? '' : 's'} · total ${
                  figures.termsTotal === undefined ? '—' : displayMoney(figures.termsTotal, currency)
                }${figures.fee != null ? ` of ${displayMoney(figures.fee, currency)}` : ''}`}
          </Text>
        </div>
        {readOnly ? null : (
          <Button
            size="compact-sm"
            variant="default"
            leftSection={<IconPlus size={14} />}
            disabled={terms.length >= MAX_TERMS}
            onClick={() => form.insertListItem('tuitionTerms', newTerm(terms.length + 1))}
          >
            Add Term
          </Button>
        )}
      </Group>
      {totalError ? (
        <Alert color="red" variant="light" p="xs" role="alert">
          <Text size="sm">{totalError}</Text>
        </Alert>
      ) : null}
      {terms.map((term, index) => {
        const name = term.termName.trim() || `Term ${index + 1}`;
        return (
          <Card
            key={term.key}
            withBorder
            padding="sm"
            radius="md"
            component="fieldset"
            aria-label={name}
            style={{ margin: 0, minWidth: 0 }}
            data-testid="payment-term"
          >
            <Group justify="space-between" gap="xs" mb={6} wrap="nowrap">
              <Group gap="xs" miw={0} wrap="nowrap">
                <Text fw={600} size="sm" truncate="end">
                  {name}
                </Text>
                {term.savedStatus ? <TermStatusBadge status={term.savedStatus} size="xs" /> : null}
              </Group>
              {readOnly ? null : (
                <Tooltip label="Remove term">
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remove ${name}`}
                    onClick={() => form.removeListItem('tuitionTerms', index)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
              )}
            </Group>
            <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" verticalSpacing="xs">
              <TextInput label="Term Name" autoComplete="off" maxLength={100} {...text(index, 'termName')} />
              <MoneyInput label="Amount" {...money(index, 'amount')} />
              <MoneyInput label="Paid Amount" {...money(index, 'paidAmount')} />
              <DateField kind="document" label="Due Date" clearable={!readOnly} {...date(index, 'dueDate')} />
              <DateField kind="document" label="Payment Date" clearable={!readOnly} {...date(index, 'paymentDate')} />
              <TextInput label="Notes" autoComplete="off" maxLength={1000} {...text(index, 'notes')} />
            </SimpleGrid>
          </Card>
        );
      })}
    </Stack>
  );
}
