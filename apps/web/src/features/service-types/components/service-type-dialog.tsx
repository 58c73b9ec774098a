// Add / Edit a service type (System Settings → Finance): its name, tax treatment and default fee per currency,
// checked as the user types with the domain's schema (the server's messages); a name another type has comes
// back from the server on the field, and a save after someone else's shows 'changed elsewhere' with Reload.
import { Button, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import {
  CURRENCIES,
  SERVICE_TYPE_MESSAGES,
  SERVICE_TYPE_NAME_MAX,
  serviceTypeInputSchema,
  type ServiceTypeRecord,
  TAX_TREATMENT_LABELS,
  TAX_TREATMENTS,
  type TaxTreatment,
} from '@crm/domain';
import { isStaleEditError, SaveErrorAlert } from '../../../components/record-form/record-form-alerts.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { usePhoneLayout } from '../../../lib/use-phone-layout.ts';
import { MoneyInput } from '../../../components/money-input.tsx';
import { useSaveServiceType } from '../api/save-service-type.ts';
import { serviceTypesQuery } from '../api/service-types.ts';
import { differs, GuardedModal, useCloseGuard } from '../../../components/close-guard.tsx';

/** null: closed; `type` null: a new one. */
export type ServiceTypeDialogState = { type: ServiceTypeRecord | null } | null;

export const TREATMENT_OPTIONS = TAX_TREATMENTS.map((value) => ({ value, label: TAX_TREATMENT_LABELS[value] }));

type Values = { name: string; defaultTreatment: TaxTreatment; defaultFees: Record<string, string> };

const valuesOf = (type: ServiceTypeRecord | null): Values => ({
  name: type?.name ?? '',
  defaultTreatment: type?.defaultTreatment ?? 'taxable',
  defaultFees: Object.fromEntries(CURRENCIES.map((c) => [c, type?.defaultFees[c] ?? ''])),
});

/** What is sent: every currency, an empty fee as null (a change clears it). */
const bodyOf = (values: Values) => ({
  name: values.name,
  defaultTreatment: values.defaultTreatment,
  defaultFees: Object.fromEntries(CURRENCIES.map((c) => [c, values.defaultFees[c]?.trim() || null])),
});

export function ServiceTypeDialog({ state, onClose }: { state: ServiceTypeDialogState; onClose: () => void }) {
  const phone = usePhoneLayout();
  return (
    <GuardedModal
      opened={state !== null}
      onClose={onClose}
      title={state?.type ? 'Edit service type' : 'Add service type'}
      size="lg"
      fullScreen={phone}
      closeOnClickOutside={false}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {state ? <ServiceTypeForm key={state.type?.id ?? 'new'} type={state.type} onClose={onClose} /> : null}
    </GuardedModal>
  );
}

function ServiceTypeForm({ type, onClose }: { type: ServiceTypeRecord | null; onClose: () => void }) {
  const [current, setCurrent] = useState(type);
  const [values, setValues] = useState<Values>(() => valuesOf(type));
  const [submitted, setSubmitted] = useState(false);
  const [saveError, setSaveError] = useState<Error | null>(null);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  useCloseGuard(differs(values, valuesOf(current)));
  const save = useSaveServiceType();
  const queryClient = useQueryClient();
  const live = useMemo(() => {
    const parsed = serviceTypeInputSchema.safeParse(bodyOf(values));
    const out: Record<string, string> = {};
    if (!parsed.success) for (const issue of parsed.error.issues) out[issue.path.join('.')] ??= issue.message;
    return out;
  }, [values]);
  const errorOf = (path: string) => (submitted ? live[path] : undefined) ?? serverErrors[path];
  const change = (patch: Partial<Values>) => {
    setValues((v) => ({ ...v, ...patch }));
    setServerErrors({});
  };

  const submit = async () => {
    setSubmitted(true);
    const problem = Object.values(live)[0];
    if (problem) {
      notifications.show({ color: 'red', message: problem });
      return;
    }
    setSaveError(null);
    try {
      await save.mutateAsync(
        current
          ? { id: current.id, body: { ...bodyOf(values), version: current.version } }
          : { id: null, body: bodyOf(values) },
      );
      notifications.show({
        color: 'green',
        message: current ? SERVICE_TYPE_MESSAGES.updated : SERVICE_TYPE_MESSAGES.added,
      });
      onClose();
    } catch (error) {
      const failed = error as Error;
      if (isApiError(failed) && Object.keys(failed.fieldErrors).length > 0) {
        setServerErrors(Object.fromEntries(Object.entries(failed.fieldErrors).map(([k, v]) => [k, v[0] ?? ''])));
      } else {
        setSaveError(failed);
      }
      notifications.show({ color: 'red', message: failed.message || SERVICE_TYPE_MESSAGES.saveFailed });
    }
  };

  /** After a stale save: the type as saved elsewhere, the user's edits replaced. */
  const reload = async () => {
    const list = await queryClient.fetchQuery({ ...serviceTypesQuery(), staleTime: 0 });
    const fresh = list.find((t) => t.id === current?.id) ?? null;
    setSaveError(null);
    setCurrent(fresh);
    setValues(valuesOf(fresh));
  };

  return (
    <form
      noValidate
      aria-label={current ? 'Edit service type' : 'Add service type'}
      onSubmit={(event) => {
        event.preventDefault();
        if (!save.isPending) void submit();
      }}
    >
      <Stack gap="sm">
        {saveError ? (
          <SaveErrorAlert
            title={SERVICE_TYPE_MESSAGES.saveFailed}
            message={saveError.message}
            stale={isStaleEditError(saveError)}
            onDismiss={() => setSaveError(null)}
            onReload={() => void reload()}
            onRetry={() => void submit()}
            retryDisabled={save.isPending}
          />
        ) : null}
        <TextInput
          label="Name"
          withAsterisk
          maxLength={SERVICE_TYPE_NAME_MAX}
          value={values.name}
          error={errorOf('name')}
          onChange={(e) => change({ name: e.currentTarget.value })}
          data-autofocus
        />
        <Select
          label="Tax treatment"
          description="How a service of this type is taxed on an invoice, unless its line says otherwise"
          data={TREATMENT_OPTIONS}
          allowDeselect={false}
          value={values.defaultTreatment}
          error={errorOf('defaultTreatment')}
          onChange={(value) => value && change({ defaultTreatment: value as TaxTreatment })}
        />
        <div>
          <Text size="sm" fw={500}>
            Default fees
          </Text>
          <Text size="xs" c="dimmed" mb={6}>
            Filled into a new service's fee in its currency; leave empty for none.
          </Text>
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" verticalSpacing="xs">
            {CURRENCIES.map((currency) => (
              <MoneyInput
                key={currency}
                label={currency}
                currency={currency}
                value={values.defaultFees[currency] ?? ''}
                error={errorOf(`defaultFees.${currency}`)}
                onChange={(fee) => change({ defaultFees: { ...values.defaultFees, [currency]: fee } })}
              />
            ))}
          </SimpleGrid>
        </div>
        <Group justify="flex-end" gap="sm" mt="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {current ? 'Save changes' : 'Add service type'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
