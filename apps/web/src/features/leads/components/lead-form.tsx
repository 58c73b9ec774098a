// The lead form of the panel (spec 1 §2.5, §2.7, §5.1): status above four accordion sections,
// the domain schema as validator (validate on change), the save button's states, the
// 'Failed to Save Lead' banner, the stale-edit reload notice and the browser draft. Saving an
// existing lead with status Converted to Client converts it (spec 1 §4.3).
import { Alert, Button, Group, Select, Stack, Text, Tooltip } from '@mantine/core';
import { type FormErrors, schemaResolver } from '@mantine/form';
import { useNetwork } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useEffect, useMemo, useState } from 'react';
import {
  CLIENT_MESSAGES,
  CONVERTED_STATUS,
  createLeadSchema,
  DEFAULT_LEAD_STATUS,
  firmBirthDateErrors,
  LEAD_FORM_LAYOUT,
  LEAD_MESSAGES,
  LEAD_STATUS_CONVERTIBILITY,
  LEAD_STATUS_DESCRIPTIONS,
  LEAD_STATUSES,
  type LeadRecord,
  leadRequiredFields,
  type LeadStatus,
  NEW_LEAD_CONVERTED_MESSAGE,
  sectionOfField,
  updateLeadSchema,
  GENERIC_MESSAGES,
} from '@crm/domain';
import { RecordFormFrame } from '../../../components/record-form/record-form-frame.tsx';
import { RecordFormFooter } from '../../../components/record-form/record-form-footer.tsx';
import { asSelectProps } from '../../../components/record-form/select-props.ts';
import { useRecordForm } from '../../../components/record-form/use-record-form.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useDateFormat } from '../../../lib/format.ts';
import { RecordFormActions, RecordFormSections } from '../../records/index.ts';
import { useSaveAsConverted } from '../api/convert-lead.ts';
import { useCreateLead } from '../api/create-lead.ts';
import { useUpdateLead } from '../api/update-lead.ts';
import {
  emptyLeadValues,
  type LeadFormValues,
  leadToFormValues,
  toCreateInput,
  toUpdateInput,
} from '../lead-form-values.ts';
import { draftKey, readDraft, useLeadDraft } from '../use-lead-draft.ts';
import type { LeadActionKind } from './lead-action-dialog.tsx';

const SLOW_AFTER_MS = 3_000;

const sectionOf = (field: string) => sectionOfField(LEAD_FORM_LAYOUT, field);

type LeadFormProps = {
  mode: 'new' | 'edit';
  lead: LeadRecord | null;
  userId: string;
  readOnly: boolean;
  canDelete: boolean;
  onSaved: (lead: LeadRecord, mode: 'new' | 'edit') => void;
  onCancel: () => void;
  onAction: (action: LeadActionKind) => void;
  /** Re-reads the lead from the server (after a conflict). */
  onReload: () => Promise<LeadRecord | undefined>;
  /** Told just before a save converts the lead, so the panel keeps showing it afterwards. */
  onConverting?: (leadId: string) => void;
};

export function LeadForm({
  mode,
  lead,
  userId,
  readOnly,
  canDelete,
  onSaved,
  onCancel,
  onAction,
  onReload,
  onConverting,
}: LeadFormProps) {
  const isNew = mode === 'new';
  const baseValues = useMemo(() => (lead ? leadToFormValues(lead) : emptyLeadValues()), [lead]);
  const storageKey = draftKey(userId, lead?.id ?? null);
  // A draft under 30 minutes old, written against this version of the lead, is offered back.
  const [restoredDraftAt, setRestoredDraftAt] = useState<number | null>(null);
  const [initialDraft] = useState(() => (readOnly ? null : readDraft(storageKey, lead?.version ?? null)));

  const { today, formatTime } = useDateFormat();
  const validate = useMemo(() => leadValidator(isNew, today), [isNew, today]);

  const create = useCreateLead();
  const update = useUpdateLead();
  const convert = useSaveAsConverted();
  const saving = create.isPending || update.isPending || convert.isPending;

  const kit = useRecordForm({
    initialValues: baseValues,
    validate,
    sectionOf,
    record: lead,
    toFormValues: leadToFormValues,
    saving,
  });
  const { form, values, issues, goToField, openSectionsFor, showRecord } = kit;

  useEffect(() => {
    if (!initialDraft) return;
    const differs = JSON.stringify(initialDraft.values) !== JSON.stringify(baseValues);
    if (!differs) return;
    form.setValues({ ...initialDraft.values, version: baseValues.version });
    setRestoredDraftAt(initialDraft.savedAt);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the form opens
  }, []);

  const dirty = form.isDirty();
  const { flush: flushDraft, forget: forgetDraft } = useLeadDraft(storageKey, form.values, dirty, !readOnly);

  const [slow, setSlow] = useState(false);
  useEffect(() => {
    if (!saving) return;
    const timer = setTimeout(() => setSlow(true), SLOW_AFTER_MS);
    return () => {
      clearTimeout(timer);
      setSlow(false);
    };
  }, [saving]);

  const { online } = useNetwork();
  const [waitingToSync, setWaitingToSync] = useState(false);
  const [statusNotice, setStatusNotice] = useState<string | null>(null);

  const save = () => {
    const values = form.getValues();
    kit.setSaveError(null);
    const onError = (error: Error) => {
      kit.failed(error);
      notifications.show({ color: 'red', message: saveErrorMessage(error, isNew) });
    };
    if (isNew) {
      create.mutate(toCreateInput(values), {
        onSuccess: (saved) => {
          forgetDraft();
          form.resetDirty();
          notifications.show({ color: 'green', message: LEAD_MESSAGES.created });
          onSaved(saved, 'new');
        },
        onError,
      });
    } else if (lead && values.leadStatus === CONVERTED_STATUS && lead.leadStatus !== CONVERTED_STATUS) {
      onConverting?.(lead.id);
      convert.mutate(
        { id: lead.id, input: toUpdateInput(values) },
        {
          onSuccess: ({ lead: saved }) => {
            forgetDraft();
            showRecord(saved);
            notifications.show({ color: 'green', message: CLIENT_MESSAGES.converted });
            onSaved(saved, 'edit');
          },
          onError,
        },
      );
    } else if (lead) {
      update.mutate(
        { id: lead.id, input: toUpdateInput(values) },
        {
          onSuccess: (saved) => {
            forgetDraft();
            showRecord(saved);
            notifications.show({ color: 'green', message: LEAD_MESSAGES.updated });
            onSaved(saved, 'edit');
          },
          onError,
        },
      );
    }
  };

  const submit = form.onSubmit(
    () => {
      if (!online) {
        // Kept in the browser; sent by itself when the connection returns.
        flushDraft();
        setWaitingToSync(true);
        notifications.show({
          color: 'orange',
          message: 'No internet connection. Form data saved - please reconnect and try again.',
        });
        return;
      }
      save();
    },
    (errors) => {
      openSectionsFor(Object.keys(errors));
      notifications.show({ color: 'red', message: GENERIC_MESSAGES.validation });
    },
  );

  useEffect(() => {
    if (!online || !waitingToSync) return;
    setWaitingToSync(false);
    if (form.isValid()) save();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- fires when the connection returns
  }, [online, waitingToSync]);

  /** After a conflict: drop the local edits (and their draft) and show the newest saved lead. */
  const reload = async () => {
    await kit.reload(onReload);
    forgetDraft();
    setRestoredDraftAt(null);
  };

  const discardDraft = () => {
    forgetDraft();
    form.setValues(baseValues);
    form.resetDirty(baseValues);
    setRestoredDraftAt(null);
  };

  const required = leadRequiredFields(values);
  const isRequired = (field: string) => required.has(field);

  const select = (field: keyof LeadFormValues) => asSelectProps(form.getInputProps(field));

  const onStatusChange = (next: string | null) => {
    if (isNew && next === CONVERTED_STATUS) {
      // Spec 1 §4.3: a new lead cannot be saved as converted.
      form.setFieldValue('leadStatus', DEFAULT_LEAD_STATUS);
      setStatusNotice(NEW_LEAD_CONVERTED_MESSAGE);
      notifications.show({ color: 'orange', message: NEW_LEAD_CONVERTED_MESSAGE });
      return;
    }
    setStatusNotice(null);
    form.setFieldValue('leadStatus', next ?? '');
  };

  const status = values.leadStatus as LeadStatus;
  const statusHelp = LEAD_STATUS_DESCRIPTIONS[status]
    ? `${LEAD_STATUS_DESCRIPTIONS[status]}. Convertibility: ${LEAD_STATUS_CONVERTIBILITY[status]}.`
    : 'Choose a status';

  const canSave = !readOnly && !saving && issues.valid && (isNew || dirty);
  const saveLabel = saving
    ? slow
      ? 'Saving (slow network)...'
      : 'Saving...'
    : !online
      ? 'Save Offline (will sync when online)'
      : isNew
        ? 'Save'
        : 'Save Changes';

  return (
    <RecordFormFrame
      label={isNew ? 'New lead' : 'Edit lead'}
      onSubmit={submit}
      readOnly={readOnly}
      recordNoun="lead"
      notices={
        restoredDraftAt ? (
          <Alert color="blue" variant="light" p="xs" title="Unsaved changes restored">
            <Group justify="space-between" gap="xs">
              <Text size="sm">Your changes from {formatTime(restoredDraftAt)} were kept in this browser.</Text>
              <Button size="compact-xs" variant="subtle" onClick={discardDraft}>
                Discard draft
              </Button>
            </Group>
          </Alert>
        ) : null
      }
      changedElsewhere={kit.changedElsewhere}
      saveError={kit.saveError}
      saveErrorTitle="Failed to Save Lead"
      saveErrorMessage={(error) => saveErrorMessage(error, isNew)}
      reloadable={!isNew}
      onDismissError={() => kit.setSaveError(null)}
      onReload={() => void reload()}
      onRetry={save}
      retryDisabled={!issues.valid}
      opened={kit.opened}
      onOpenedChange={kit.setOpened}
      status={
        <>
          <Tooltip
            label={statusHelp}
            position="top-start"
            multiline
            w={300}
            events={{ hover: true, focus: true, touch: false }}
          >
            <Select
              label="Lead Status"
              required={isRequired('leadStatus')}
              data={LEAD_STATUSES as unknown as string[]}
              {...select('leadStatus')}
              onChange={onStatusChange}
              renderOption={({ option }) => (
                <Stack gap={0}>
                  <Text size="sm">{option.label}</Text>
                  <Text size="xs" c="dimmed">
                    Convertibility: {LEAD_STATUS_CONVERTIBILITY[option.value as LeadStatus]}
                  </Text>
                </Stack>
              )}
              maxDropdownHeight={320}
            />
          </Tooltip>
          {statusNotice ? (
            <Alert color="orange" variant="light" p="xs" withCloseButton onClose={() => setStatusNotice(null)}>
              <Text size="sm">{statusNotice}</Text>
            </Alert>
          ) : null}
          {!isNew && !readOnly && values.leadStatus === CONVERTED_STATUS && lead?.leadStatus !== CONVERTED_STATUS ? (
            <Alert color="green" variant="light" p="xs">
              <Text size="sm">
                Saving converts this lead to a client with its details. The lead then becomes read-only.
              </Text>
            </Alert>
          ) : null}
        </>
      }
      footer={
        <RecordFormFooter
          actions={
            !isNew && lead && !readOnly ? (
              <RecordFormActions
                isHidden={lead.isHidden}
                offered={{ archive: true, hide: true, delete: canDelete }}
                saving={saving}
                onAction={onAction}
              />
            ) : null
          }
          readOnly={readOnly}
          saving={saving}
          valid={issues.valid}
          canSave={canSave}
          problems={issues.problems}
          onGoTo={goToField}
          saveLabel={saveLabel}
          saveColor={online ? undefined : 'orange'}
          onCancel={onCancel}
        />
      }
    >
      <RecordFormSections
        layout={LEAD_FORM_LAYOUT}
        form={form}
        issues={issues.bySection}
        isRequired={isRequired}
        readOnly={readOnly}
        module="leads"
        assigned={lead}
      />
    </RecordFormFrame>
  );
}

/** The domain schema as the form's validator (its source-detail rule reports while other fields are wrong). */
function leadValidator(isNew: boolean, today: () => string) {
  const schemaErrors = schemaResolver(isNew ? createLeadSchema : updateLeadSchema, { sync: true });
  // The schema cannot know the firm's time zone: a birth date after the firm's today is checked here.
  return (values: LeadFormValues): FormErrors => ({ ...firmBirthDateErrors(values, today()), ...schemaErrors(values) });
}

/** The words the user reads after a failed save (spec 1 §8). */
export function saveErrorMessage(error: Error, isNew: boolean): string {
  if (error instanceof ApiError) {
    if (error.status === 401) return LEAD_MESSAGES.loginToSave;
    if (error.code === 'VALIDATION_FAILED') return error.message || GENERIC_MESSAGES.validation;
    if (
      error.code === 'NETWORK' ||
      error.code === 'TIMEOUT' ||
      error.code === 'RATE_LIMITED' ||
      error.code === 'CONFLICT'
    )
      return error.message;
    if (error.status >= 500) return isNew ? LEAD_MESSAGES.createFailed : LEAD_MESSAGES.updateFailed;
    return error.message || (isNew ? LEAD_MESSAGES.createFailed : LEAD_MESSAGES.updateFailed);
  }
  return isNew ? LEAD_MESSAGES.createFailed : LEAD_MESSAGES.updateFailed;
}
