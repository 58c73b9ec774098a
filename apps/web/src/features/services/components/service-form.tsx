// The 'Add New Service' / 'Edit Service' form (spec 2 "Services Availed panel", §5): every field of a
// service, Balance Due as fee minus paid as the user types (exact cents), the payment-terms editor for
// 'Tuition Fee' only, the payment-evidence image, and the domain's service schema as the validator, so the
// messages are the server's. Saving stores the service first, then uploads a newly chosen image.
import { Alert, Button, Group, Select, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useId, useMemo, useState } from 'react';
import {
  CURRENCIES,
  CURRENCY_SYMBOLS,
  formatMoney,
  GENERIC_MESSAGES,
  SERVICE_MESSAGES,
  SERVICE_STATUSES,
  type ServiceRecord,
  type TaxTreatment,
} from '@crm/domain';
import { DateField } from '../../../components/date-field.tsx';
import { ChangedElsewhereAlert, SaveErrorAlert } from '../../../components/record-form/record-form-alerts.tsx';
import { asSelectProps } from '../../../components/record-form/select-props.ts';
import { useSavedRecordSync } from '../../../components/record-form/use-saved-record-sync.ts';
import { MoneyInput } from '../../../components/money-input.tsx';
import { ApiError, isApiError } from '../../../lib/api-client.ts';
import { useAuthorization } from '../../../lib/authorization.ts';
import { TREATMENT_OPTIONS, useServiceTypes } from '../../service-types/index.ts';
import { useAddService } from '../api/add-service.ts';
import type { ServiceOwner } from '../api/service-keys.ts';
import { useUpdateService } from '../api/update-service.ts';
import { useUploadEvidence } from '../api/upload-evidence.ts';
import {
  emptyServiceValues,
  isTuitionFee,
  serviceFigures,
  serviceFormErrors,
  type ServiceFormValues,
  serviceNameOptions,
  serviceToFormValues,
  toNewServiceBody,
  toServiceBody,
  withServiceType,
} from '../service-form-values.ts';
import { EvidenceField } from './evidence-field.tsx';
import { PaymentTermsEditor } from './payment-terms-editor.tsx';
import { BalanceDue } from './service-money.tsx';
import classes from './services.module.css';
import { useCloseGuard } from '../../../components/close-guard.tsx';

const CURRENCY_OPTIONS = CURRENCIES.map((c) => ({ value: c, label: `${c} (${CURRENCY_SYMBOLS[c]})` }));

/** A 409 that means "someone saved this service since you read it" (a read-only record is a 409 too). */
const isStaleEdit = (error: Error | null) =>
  isApiError(error) && error.status === 409 && error.message === GENERIC_MESSAGES.conflict;

type ServiceFormProps = {
  owner: ServiceOwner;
  /** The saved service (edit), or null for a new one. */
  service: ServiceRecord | null;
  readOnly: boolean;
  onClose: () => void;
  /** A new service was saved but the dialog stays open (its image failed to upload): it is now edited. */
  onCreated: (saved: ServiceRecord) => void;
  /** Reads the saved service again (after a stale edit). */
  onReload: () => Promise<ServiceRecord | undefined>;
};

export function ServiceForm({ owner, service, readOnly, onClose, onCreated, onReload }: ServiceFormProps) {
  // The service this form edits: the one it opened with, then each version it saved.
  const [current, setCurrent] = useState<ServiceRecord | null>(service);
  const initialValues = useMemo(() => (service ? serviceToFormValues(service) : emptyServiceValues()), [service]);
  const form = useForm<ServiceFormValues>({ mode: 'controlled', initialValues });

  const add = useAddService(owner);
  const update = useUpdateService(owner);
  const upload = useUploadEvidence(owner);
  const saving = add.isPending || update.isPending || upload.isPending;
  const { changedElsewhere, setChangedElsewhere, showRecord } = useSavedRecordSync(
    form,
    service,
    saving,
    serviceToFormValues,
  );

  const [submitted, setSubmitted] = useState(false);
  const [saveError, setSaveError] = useState<Error | null>(null);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [file, setFile] = useState<File | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);

  const values = form.values;
  const live = useMemo(() => serviceFormErrors(values), [values]);
  const figures = useMemo(() => serviceFigures(values), [values]);
  const tuition = isTuitionFee(values);

  /** Errors show once a field was changed or a save was tried; the terms' total as soon as it is wrong. */
  const errorOf = (path: string): string | undefined => {
    if (path === 'tuitionTerms') return live[path] ?? serverErrors[path];
    const moneyTouched = path === 'paidAmount' && (form.isTouched('serviceFee') || form.isTouched('tuitionTerms'));
    const visible = submitted || form.isTouched(path) || moneyTouched;
    return (visible ? live[path] : undefined) ?? serverErrors[path];
  };
  const set = (path: keyof ServiceFormValues) => (value: string) => {
    form.setFieldValue(path, value);
    setServerErrors({});
  };
  const textProps = (path: 'serviceDescription' | 'notes') => ({
    value: values[path],
    onChange: (event: React.ChangeEvent<HTMLTextAreaElement>) => set(path)(event.currentTarget.value),
    error: errorOf(path),
  });
  const selectProps = (path: 'serviceStatus') =>
    asSelectProps({ value: values[path], onChange: set(path), error: errorOf(path) });

  // The catalogue (System Settings → Finance): its active names, default fees and treatments.
  const { can } = useAuthorization();
  const types = useServiceTypes(can('leads:edit') || can('clients:edit'));
  const serviceOptions = useMemo(
    () => serviceNameOptions(types.data, service?.serviceName ?? null),
    [types.data, service],
  );
  /** A type or currency chosen: the type's treatment, and its default fee when the fee is empty. */
  const choose = (change: { serviceName?: string; currency?: string }) => {
    form.setValues(withServiceType(form.getValues(), types.data, change));
    for (const path of Object.keys(change)) form.setTouched({ [path]: true });
    setServerErrors({});
  };

  const isNew = current === null;
  const dirty = form.isDirty();

  const save = async () => {
    setSubmitted(true);
    if (Object.keys(live).length > 0) {
      notifications.show({ color: 'red', message: GENERIC_MESSAGES.validation });
      return;
    }
    setSaveError(null);
    setUploadError(null);
    setServerErrors({});
    let saved = current;
    if (saved === null || dirty) {
      try {
        saved =
          saved === null
            ? await add.mutateAsync(toNewServiceBody(values))
            : await update.mutateAsync({ id: saved.id, input: { ...toServiceBody(values), version: saved.version } });
      } catch (error) {
        const failed = error as Error;
        setSaveError(failed);
        if (failed instanceof ApiError && Object.keys(failed.fieldErrors).length > 0) {
          setServerErrors(Object.fromEntries(Object.entries(failed.fieldErrors).map(([k, v]) => [k, v[0] ?? ''])));
        }
        notifications.show({
          color: 'red',
          message: isNew ? SERVICE_MESSAGES.addFailed : SERVICE_MESSAGES.updateFailed,
        });
        return;
      }
      setCurrent(saved);
      showRecord(saved);
      setSubmitted(false);
    }
    if (file) {
      try {
        saved = await upload.mutateAsync({ id: saved.id, file });
        setCurrent(saved);
        setFile(null);
      } catch (error) {
        // The service is saved; the image is not. The dialog stays open on the saved service to try again.
        setUploadError(`${SERVICE_MESSAGES.evidenceFailed}: ${(error as Error).message}`);
        notifications.show({ color: 'red', message: SERVICE_MESSAGES.evidenceFailed });
        if (isNew) onCreated(saved);
        return;
      }
    }
    notifications.show({ color: 'green', message: isNew ? SERVICE_MESSAGES.added : SERVICE_MESSAGES.updated });
    onClose();
  };

  /** After a stale edit: drop the edits here and show the service as saved now. */
  const reload = async () => {
    const fresh = await onReload();
    setSaveError(null);
    setChangedElsewhere(false);
    setServerErrors({});
    if (fresh) {
      setCurrent(fresh);
      showRecord(fresh);
    }
  };

  const balanceLabelId = useId();
  const canSave = !readOnly && !saving && (isNew || dirty || file !== null);
  useCloseGuard(!readOnly && (dirty || file !== null));
  const savingLabel = upload.isPending ? 'Uploading image...' : 'Saving...';

  return (
    <form
      noValidate
      aria-label={isNew ? 'New service' : 'Edit service'}
      onSubmit={(event) => {
        event.preventDefault();
        if (canSave) void save();
      }}
    >
      <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Stack gap="sm">
          {changedElsewhere && !isStaleEdit(saveError) ? (
            <ChangedElsewhereAlert recordNoun="service" onReload={() => void reload()} />
          ) : null}
          {saveError ? (
            <SaveErrorAlert
              title={isNew ? SERVICE_MESSAGES.addFailed : SERVICE_MESSAGES.updateFailed}
              message={saveError.message}
              stale={isStaleEdit(saveError)}
              onDismiss={() => setSaveError(null)}
              onReload={() => void reload()}
              onRetry={() => void save()}
              retryDisabled={saving}
            />
          ) : null}

          <Select
            label="Service"
            placeholder="Select a service"
            required
            data={serviceOptions}
            {...asSelectProps({
              value: values.serviceName,
              onChange: (v: string) => choose({ serviceName: v }),
              error: errorOf('serviceName'),
            })}
            data-autofocus={isNew || undefined}
          />
          <Select
            label="Tax treatment"
            placeholder="From the service type"
            data={TREATMENT_OPTIONS}
            allowDeselect={false}
            value={values.taxTreatment || null}
            error={errorOf('taxTreatment')}
            onChange={(v) => v && set('taxTreatment')(v as TaxTreatment)}
          />
          <Textarea
            label="Description"
            autosize
            minRows={2}
            maxRows={6}
            maxLength={2000}
            {...textProps('serviceDescription')}
          />
          <SimpleGrid cols={2} spacing="sm" verticalSpacing="xs">
            <Select label="Status" data={SERVICE_STATUSES as unknown as string[]} {...selectProps('serviceStatus')} />
            <Select
              label="Currency"
              data={CURRENCY_OPTIONS}
              {...asSelectProps({
                value: values.currency,
                onChange: (v: string) => choose({ currency: v }),
                error: errorOf('currency'),
              })}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="sm" verticalSpacing="xs">
            <MoneyInput
              label="Service Fee"
              currency={values.currency}
              value={values.serviceFee}
              onChange={set('serviceFee')}
              error={errorOf('serviceFee')}
            />
            {figures.paidFromTerms ? (
              <MoneyInput
                label="Paid Amount"
                description="Sum of the terms' paid amounts"
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                currency={values.currency}
                value={figures.paid === undefined ? '' : formatMoney(figures.paid)}
                onChange={() => undefined}
                readOnly
                error={errorOf('paidAmount')}
              />
            ) : (
              <MoneyInput
                label="Paid Amount"
                currency={values.currency}
                value={values.paidAmount}
                onChange={set('paidAmount')}
                error={errorOf('paidAmount')}
              />
            )}
            <div>
              <Text size="sm" fw={500} id={balanceLabelId}>
                Balance Due
              </Text>
              <output aria-labelledby={balanceLabelId} className={classes.balanceValue} data-testid="form-balance-due">
                <BalanceDue fz="lg" fw={700} cents={figures.balance} currency={values.currency} />
              </output>
            </div>
          </SimpleGrid>
          <SimpleGrid cols={2} spacing="sm" verticalSpacing="xs">
            <DateField
              kind="document"
              label="Start Date"
              clearable={!readOnly}
              value={values.startDate}
              onChange={set('startDate')}
              error={errorOf('startDate')}
            />
            <DateField
              kind="document"
              label="Completion Date"
              clearable={!readOnly}
              value={values.completionDate}
              onChange={set('completionDate')}
              error={errorOf('completionDate')}
            />
          </SimpleGrid>

          {tuition ? (
            <PaymentTermsEditor form={form} figures={figures} errorOf={errorOf} readOnly={readOnly} />
          ) : values.tuitionTerms.length > 0 ? (
            <Alert color="orange" variant="light" p="xs">
              <Text size="sm">
                Payment terms are kept only for Tuition Fee; they will not be saved with this service.
              </Text>
            </Alert>
          ) : null}

          {readOnly && !current?.hasPaymentEvidence ? null : (
            <EvidenceField
              file={file}
              onChange={(next) => {
                setFile(next);
                setUploadError(null);
              }}
              uploadError={uploadError}
              saved={
                current
                  ? {
                      id: current.id,
                      version: current.version,
                      name: current.serviceName,
                      hasEvidence: current.hasPaymentEvidence,
                    }
                  : null
              }
              disabled={readOnly || saving}
            />
          )}
          <Textarea label="Notes" autosize minRows={2} maxRows={8} maxLength={5000} {...textProps('notes')} />
        </Stack>
      </fieldset>

      <Group justify="flex-end" gap="xs" className={classes.dialogFooter}>
        <Button variant="default" onClick={onClose} disabled={saving}>
          {readOnly ? 'Close' : 'Cancel'}
        </Button>
        {readOnly ? null : (
          <Button type="submit" loading={false} disabled={!canSave}>
            {saving ? savingLabel : isNew ? 'Add Service' : 'Save Changes'}
          </Button>
        )}
      </Group>
    </form>
  );
}
