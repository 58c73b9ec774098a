// The client form of the panel (spec 1 §2.6, §2.7, §5.2): status above six accordion sections, the
// domain schema as validator (validate on change, with the conditional rules shown as soon as the
// field that triggers them changes), the dependents list following numberOfDependents, the save
// error banner and the stale-edit reload notice.
import { Group, Select, SimpleGrid } from '@mantine/core';
import { type FormErrors, schemaResolver } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMemo } from 'react';
import {
  CLIENT_FORM_LAYOUT,
  CLIENT_MESSAGES,
  CLIENT_STATUSES,
  type ClientRecord,
  clientRequiredFields,
  firmBirthDateErrors,
  hasSpouse,
  passportStatus,
  REVERTED_STATUS,
  sectionOfField,
  updateClientSchema,
  GENERIC_MESSAGES,
} from '@crm/domain';
import { RecordFormFrame } from '../../../components/record-form/record-form-frame.tsx';
import { RecordFormFooter } from '../../../components/record-form/record-form-footer.tsx';
import { useCloseGuard } from '../../../components/close-guard.tsx';
import { asSelectProps } from '../../../components/record-form/select-props.ts';
import { useRecordForm } from '../../../components/record-form/use-record-form.ts';
import { PassportStatusBadge } from '../../../components/status-badge.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useDateFormat } from '../../../lib/format.ts';
import { RecordFormActions, RecordFormSections } from '../../records/index.ts';
import { useUpdateClient } from '../api/update-client.ts';
import {
  type ClientFormValues,
  clientToFormValues,
  resizeDependentValues,
  toUpdateBody,
} from '../client-form-values.ts';
import type { ClientActionKind } from './client-action-dialog.tsx';

const sectionOf = (field: string) => sectionOfField(CLIENT_FORM_LAYOUT, field);

const schemaErrors = schemaResolver(updateClientSchema, { sync: true }) as (values: ClientFormValues) => FormErrors;

/** The schema's errors, and birth dates after the firm's today (the schema cannot know the firm's zone). */
const clientValidator =
  (today: () => string) =>
  (values: ClientFormValues): FormErrors => ({ ...firmBirthDateErrors(values, today()), ...schemaErrors(values) });

export type ClientFormRights = { canDelete: boolean; canDeletePermanently: boolean; canHide: boolean };

type ClientFormProps = {
  client: ClientRecord;
  readOnly: boolean;
  rights: ClientFormRights;
  onCancel: () => void;
  onAction: (action: ClientActionKind) => void;
  /** Re-reads the client from the server (after a conflict). */
  onReload: () => Promise<ClientRecord | undefined>;
};

export function ClientForm({ client, readOnly, rights, onCancel, onAction, onReload }: ClientFormProps) {
  const baseValues = useMemo(() => clientToFormValues(client), [client]);
  const { today } = useDateFormat();
  const validateClient = useMemo(() => clientValidator(today), [today]);
  const update = useUpdateClient();
  const saving = update.isPending;
  const kit = useRecordForm({
    initialValues: baseValues,
    validate: validateClient,
    sectionOf,
    record: client,
    toFormValues: clientToFormValues,
    saving,
  });
  const { form, values, issues, goToField, openSections, openSectionsFor } = kit;
  const dirty = form.isDirty();
  useCloseGuard(dirty && !readOnly);

  const save = () => {
    kit.setSaveError(null);
    update.mutate(
      { id: client.id, input: toUpdateBody(form.getValues()) },
      {
        onSuccess: (saved) => {
          kit.showRecord(saved);
          notifications.show({ color: 'green', message: CLIENT_MESSAGES.updated });
        },
        onError: (error) => {
          kit.failed(error);
          notifications.show({ color: 'red', message: CLIENT_MESSAGES.updateFailed(clientSaveErrorMessage(error)) });
        },
      },
    );
  };

  const submit = form.onSubmit(save, (errors) => {
    openSectionsFor(Object.keys(errors));
    notifications.show({ color: 'red', message: GENERIC_MESSAGES.validation });
  });

  /** Sets a field, then re-checks the fields it makes required or no longer required (spec 1 §5.2). */
  const setField = (field: string, value: string) => {
    const before = clientRequiredFields(form.getValues());
    form.setFieldValue(field as never, value as never);
    const after = clientRequiredFields(form.getValues());
    for (const changed of new Set([...before, ...after])) {
      if (before.has(changed) !== after.has(changed)) form.validateField(changed);
    }
  };
  const required = clientRequiredFields(values);
  const isRequired = (field: string) => required.has(field);
  const select = (field: 'status') => asSelectProps(form.getInputProps(field), (v) => setField(field, v));

  const onMaritalStatus = (next: string) => {
    setField('maritalStatus', next);
    if (hasSpouse(next)) openSections(['spouse']);
  };

  const onDependentCount = (next: string) => {
    const count = next || '0';
    const previous = values.dependents.length;
    form.setFieldValue('numberOfDependents', count);
    form.setFieldValue('dependents', resizeDependentValues(form.getValues().dependents, count));
    // Errors of removed entries go with them.
    for (const key of Object.keys(form.errors)) {
      const index = Number(key.split('.')[1]);
      if (key.startsWith('dependents.') && index >= form.getValues().dependents.length) form.clearFieldError(key);
    }
    if (form.getValues().dependents.length > previous) openSections(['dependents']);
  };

  const canSave = !readOnly && !saving && issues.valid && dirty;
  const passport = passportStatus(values.passportExpiryDate || null, today());

  return (
    <RecordFormFrame
      label="Edit client"
      onSubmit={submit}
      readOnly={readOnly}
      recordNoun="client"
      changedElsewhere={kit.changedElsewhere}
      saveError={kit.saveError}
      saveErrorTitle="Failed to Save Client"
      saveErrorMessage={(error) => `Error: ${clientSaveErrorMessage(error)}`}
      reloadable
      onDismissError={() => kit.setSaveError(null)}
      onReload={() => void kit.reload(onReload)}
      onRetry={save}
      retryDisabled={!issues.valid}
      opened={kit.opened}
      onOpenedChange={kit.setOpened}
      status={
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
          <Select
            label="Client Status"
            required={isRequired('status')}
            // Reverted is reached only through 'Revert to Lead', which also puts the lead back.
            data={CLIENT_STATUSES.map((s) => ({
              value: s,
              label: s,
              disabled: s === REVERTED_STATUS && values.status !== REVERTED_STATUS,
            }))}
            {...select('status')}
            maxDropdownHeight={320}
          />
        </SimpleGrid>
      }
      footer={
        <RecordFormFooter
          actions={
            <RecordFormActions
              isHidden={client.isHidden}
              offered={{ hide: rights.canHide, delete: rights.canDelete, permanent: rights.canDeletePermanently }}
              saving={saving}
              onAction={onAction}
            />
          }
          readOnly={readOnly}
          saving={saving}
          valid={issues.valid}
          canSave={canSave}
          problems={issues.problems}
          onGoTo={goToField}
          saveLabel={saving ? 'Saving...' : 'Save Changes'}
          onCancel={onCancel}
        />
      }
    >
      <RecordFormSections
        layout={CLIENT_FORM_LAYOUT}
        form={form}
        issues={issues.bySection}
        isRequired={isRequired}
        readOnly={readOnly}
        module="clients"
        assigned={client}
        onChoice={setField}
        extras={{
          maritalStatus: { onChange: onMaritalStatus },
          numberOfDependents: { onChange: onDependentCount },
          passportExpiryDate: {
            description: (
              <Group gap={4} component="span">
                Passport status: <PassportStatusBadge status={passport} size="xs" />
              </Group>
            ),
          },
        }}
      />
    </RecordFormFrame>
  );
}

/** The words the user reads after a failed save (spec 1 §8: 'Error: {message}'). */
export function clientSaveErrorMessage(error: Error): string {
  if (error instanceof ApiError) {
    if (error.status === 401) return CLIENT_MESSAGES.loginToSave;
    if (error.code === 'VALIDATION_FAILED') return error.message || GENERIC_MESSAGES.validation;
    if (error.status >= 500) return 'The server could not save the client. Please try again.';
  }
  return error.message || 'Request failed';
}
