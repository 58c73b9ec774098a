// The client form of the panel (spec 1 §2.6, §2.7, §5.2): status above six accordion sections, the
// domain schema as validator (validate on change, with the conditional rules shown as soon as the
// field that triggers them changes), the dependents list following numberOfDependents, the save
// error banner and the stale-edit reload notice.
import { Accordion, Alert, Badge, Button, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { type FormErrors, schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  IconAlertTriangle,
  IconDeviceFloppy,
  IconEye,
  IconEyeOff,
  IconRefresh,
  IconTrash,
  IconTrashX,
} from '@tabler/icons-react';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import {
  APPLICANT_LOCATIONS,
  CLIENT_MESSAGES,
  CLIENT_STATUSES,
  type ClientRecord,
  COUNTRIES,
  DEPENDENT_COUNTS,
  DESIRED_VISAS_FOR_CLIENT,
  GENDERS,
  hasSpouse,
  isBridgingVisa,
  LEAD_SOURCES,
  MARITAL_STATUSES,
  passportStatus,
  PICKER_ROLES,
  REVERTED_STATUS,
  SOCIAL_PLATFORMS,
  updateClientSchema,
  VISAS,
} from '@crm/domain';
import { ApiError, isApiError } from '../../../lib/api-client.ts';
// Shared field behaviour of spec 1 §2.7: the leads feature's phone input and user picker.
import { PhoneInput } from '../../leads/components/phone-input.tsx';
import { UserPicker } from '../../leads/components/user-picker.tsx';
import { useUpdateClient } from '../api/update-client.ts';
import {
  type ClientFormSection,
  type ClientFormValues,
  clientSectionOf,
  type ClientTextField,
  clientToFormValues,
  resizeDependentValues,
  toUpdateBody,
} from '../client-form-values.ts';
import type { ClientActionKind } from './client-action-dialog.tsx';
import { PassportStatusBadge } from './client-status-badge.tsx';
import classes from './client-form.module.css';
import { DependentsSection } from './dependents-section.tsx';

const SECTION_TITLES: Record<ClientFormSection, string> = {
  personal: 'Personal Information',
  address: 'Address Information',
  visa: 'Visa Information',
  assignment: 'Assignment & Source Information',
  spouse: 'Spouse/Partner Information',
  dependents: 'Dependents Information',
};

/** Fields whose §5.2 rule depends on another field: checked again when that field changes. */
const RULE_DEPENDENTS: Partial<Record<ClientTextField, readonly ClientTextField[]>> = {
  applicantLocation: ['currentVisaSubclass', 'visaExpiryDate', 'desiredVisa'],
  currentVisaSubclass: ['visaExpiryDate'],
  maritalStatus: ['spouseFirstName', 'spouseLastName', 'spouseNationality'],
};

const validateClient = schemaResolver(updateClientSchema, { sync: true }) as (values: ClientFormValues) => FormErrors;

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
  const form = useForm<ClientFormValues>({
    mode: 'controlled',
    initialValues: baseValues,
    validate: validateClient,
    validateInputOnChange: true,
    validateInputOnBlur: true,
  });
  const dirty = form.isDirty();

  const update = useUpdateClient();
  const saving = update.isPending;

  // Someone else saved this client while it is open: a clean form follows; an edited one is told.
  // A change that lands while this form saves is its own save (the answer shows it).
  const [changedElsewhere, setChangedElsewhere] = useState(false);
  const shownVersion = useRef(client.version);
  useEffect(() => {
    if (client.version === shownVersion.current || saving) return;
    shownVersion.current = client.version;
    if (!form.isDirty()) {
      showRecord(client);
      setChangedElsewhere(false);
    } else {
      setChangedElsewhere(true);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- when the saved record changes or a save ends
  }, [client.version, saving]);
  const [saveError, setSaveError] = useState<Error | null>(null);
  const [opened, setOpened] = useState<string[]>(['personal']);

  const isConflict = (error: Error | null) =>
    isApiError(error) && error.status === 409 && !error.message.startsWith('Duplicate');

  const openSections = (sections: (ClientFormSection | undefined)[]) => {
    const found = sections.filter((s): s is ClientFormSection => Boolean(s));
    if (found.length) setOpened((o) => [...new Set([...o, ...found])]);
  };

  const showRecord = (record: ClientRecord) => {
    shownVersion.current = record.version;
    const next = clientToFormValues(record);
    form.setInitialValues(next);
    form.setValues(next);
    form.resetDirty(next);
    form.clearErrors();
  };

  const save = () => {
    setSaveError(null);
    update.mutate(
      { id: client.id, input: toUpdateBody(form.getValues()) },
      {
        onSuccess: (saved) => {
          showRecord(saved);
          setChangedElsewhere(false);
          notifications.show({ color: 'green', message: CLIENT_MESSAGES.updated });
        },
        onError: (error) => {
          setSaveError(error);
          if (isApiError(error) && Object.keys(error.fieldErrors).length > 0) {
            form.setErrors(Object.fromEntries(Object.entries(error.fieldErrors).map(([k, v]) => [k, v[0]])));
            openSections(Object.keys(error.fieldErrors).map(clientSectionOf));
          }
          notifications.show({ color: 'red', message: CLIENT_MESSAGES.updateFailed(clientSaveErrorMessage(error)) });
        },
      },
    );
  };

  const submit = form.onSubmit(save, (errors) => openSections(Object.keys(errors).map(clientSectionOf)));

  /** After a conflict: drop the local edits and show the newest saved client. */
  const reload = async () => {
    const fresh = await onReload();
    setSaveError(null);
    setChangedElsewhere(false);
    if (fresh) showRecord(fresh);
  };

  const values = form.values;
  const issues = useMemo(() => {
    const fields = Object.keys(validateClient(values));
    const bySection: Partial<Record<ClientFormSection, number>> = {};
    for (const field of fields) {
      const section = clientSectionOf(field);
      if (section) bySection[section] = (bySection[section] ?? 0) + 1;
    }
    return { valid: fields.length === 0, bySection };
  }, [values]);

  /** Sets a field, then re-checks the fields whose rule depends on it (spec 1 §5.2). */
  const setField = (field: ClientTextField, value: string) => {
    form.setFieldValue(field, value);
    for (const dependent of RULE_DEPENDENTS[field] ?? []) form.validateField(dependent);
  };

  const input = (field: ClientTextField) => form.getInputProps(field);
  /** Mantine Select uses null for "nothing chosen"; the form keeps ''. */
  const select = (field: ClientTextField) => {
    const props = form.getInputProps(field);
    return {
      ...props,
      value: (props.value as string) || null,
      onChange: (v: string | null) => setField(field, v ?? ''),
    };
  };

  const picker = (field: 'managerUserId' | 'assistantManagerUserId' | 'migrationAgentUserId') => ({
    value: values[field],
    onChange: (v: string) => form.setFieldValue(field, v),
    onBlur: () => form.validateField(field),
    error: form.errors[field],
  });

  const onMaritalStatus = (next: string | null) => {
    setField('maritalStatus', next ?? '');
    if (hasSpouse(next)) openSections(['spouse']);
  };

  const onDependentCount = (next: string | null) => {
    const count = next ?? '0';
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

  const location = values.applicantLocation;
  const inside = location === 'Inside Australia';
  const spouse = hasSpouse(values.maritalStatus);
  const visaExpiryRequired =
    inside &&
    Boolean(values.currentVisaSubclass) &&
    !['None', 'Other'].includes(values.currentVisaSubclass) &&
    !isBridgingVisa(values.currentVisaSubclass);
  const canSave = !readOnly && !saving && issues.valid && dirty;
  const passport = passportStatus(values.passportExpiryDate || null);

  return (
    <form onSubmit={submit} noValidate aria-label="Edit client">
      <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Stack gap="sm">
          {changedElsewhere && !isConflict(saveError) ? (
            <Alert
              color="orange"
              variant="light"
              p="xs"
              icon={<IconAlertTriangle size={16} />}
              title="This client was changed by someone else"
            >
              <Group justify="space-between" gap="xs">
                <Text size="sm">Reload to see their changes; your unsaved edits here will be replaced.</Text>
                <Button
                  size="compact-xs"
                  variant="light"
                  color="orange"
                  leftSection={<IconRefresh size={12} />}
                  onClick={() => void reload()}
                >
                  Reload
                </Button>
              </Group>
            </Alert>
          ) : null}
          {saveError ? (
            <Alert
              color="red"
              variant="light"
              title="Failed to Save Client"
              role="alert"
              icon={<IconAlertTriangle size={16} />}
            >
              <Stack gap="xs">
                <Text size="sm">Error: {clientSaveErrorMessage(saveError)}</Text>
                <Group gap="xs">
                  <Button size="compact-sm" variant="default" onClick={() => setSaveError(null)}>
                    Dismiss
                  </Button>
                  {isConflict(saveError) ? (
                    <Button
                      size="compact-sm"
                      color="red"
                      leftSection={<IconRefresh size={14} />}
                      onClick={() => void reload()}
                    >
                      Reload
                    </Button>
                  ) : (
                    <Button size="compact-sm" color="red" onClick={save} disabled={!issues.valid}>
                      Retry
                    </Button>
                  )}
                </Group>
              </Stack>
            </Alert>
          ) : null}

          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
            <Select
              label="Client Status"
              required
              // Reverted is reached only through 'Revert to Lead', which also puts the lead back.
              data={CLIENT_STATUSES.map((s) => ({
                value: s,
                label: s,
                disabled: s === REVERTED_STATUS && values.status !== REVERTED_STATUS,
              }))}
              {...select('status')}
              allowDeselect={false}
              maxDropdownHeight={320}
            />
          </SimpleGrid>

          <Accordion
            multiple
            value={opened}
            onChange={setOpened}
            variant="separated"
            radius="md"
            chevronPosition="right"
          >
            <Section value="personal" issues={issues.bySection.personal}>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
                <TextInput label="First Name" required autoComplete="off" {...input('firstName')} />
                <TextInput label="Middle Name" autoComplete="off" {...input('middleName')} />
                <TextInput label="Last Name" required autoComplete="off" {...input('lastName')} />
                <Select
                  label="Gender"
                  placeholder="Not set"
                  data={GENDERS as unknown as string[]}
                  clearable={!readOnly}
                  {...select('gender')}
                />
                <TextInput
                  label="Date of Birth"
                  type="date"
                  max={new Date().toISOString().slice(0, 10)}
                  {...input('dateOfBirth')}
                />
                <Select
                  label="Nationality"
                  placeholder="Choose a country"
                  data={COUNTRIES as string[]}
                  searchable
                  clearable={!readOnly}
                  {...select('nationality')}
                />
                <Select
                  label="Country of Residence"
                  placeholder="Choose a country"
                  data={COUNTRIES as string[]}
                  searchable
                  clearable={!readOnly}
                  {...select('countryOfResidence')}
                />
                <TextInput label="Email" required type="email" autoComplete="off" {...input('email')} />
                <PhoneInput
                  label="Contact Number"
                  required
                  value={values.contactNumber}
                  onChange={(v) => form.setFieldValue('contactNumber', v)}
                  onBlur={() => form.validateField('contactNumber')}
                  error={form.errors.contactNumber}
                  disabled={readOnly}
                />
                <Select
                  label="Marital Status"
                  placeholder="Not set"
                  data={MARITAL_STATUSES as unknown as string[]}
                  clearable={!readOnly}
                  {...select('maritalStatus')}
                  onChange={onMaritalStatus}
                />
                <Select
                  label="Number of Dependents"
                  data={DEPENDENT_COUNTS as unknown as string[]}
                  allowDeselect={false}
                  {...select('numberOfDependents')}
                  onChange={onDependentCount}
                />
                <TextInput label="Passport Number" autoComplete="off" {...input('passportNumber')} />
                <TextInput
                  label="Passport Expiry Date"
                  type="date"
                  {...input('passportExpiryDate')}
                  description={
                    <Group gap={4} component="span">
                      Passport status: <PassportStatusBadge status={passport} size="xs" />
                    </Group>
                  }
                  inputWrapperOrder={['label', 'input', 'description', 'error']}
                />
                <TextInput label="Company" autoComplete="off" {...input('company')} />
              </SimpleGrid>
            </Section>

            <Section value="address" issues={issues.bySection.address}>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
                <TextInput label="Street Address" autoComplete="off" {...input('street1')} />
                <TextInput label="Street Address Line 2" autoComplete="off" {...input('street2')} />
                <TextInput label="City" autoComplete="off" {...input('city')} />
                <TextInput label="State / Region" autoComplete="off" {...input('stateRegion')} />
                <TextInput label="Postal Code" autoComplete="off" {...input('postalCode')} />
                <Select
                  label="Country"
                  placeholder="Choose a country"
                  data={COUNTRIES as string[]}
                  searchable
                  clearable={!readOnly}
                  {...select('country')}
                />
              </SimpleGrid>
            </Section>

            <Section value="visa" issues={issues.bySection.visa}>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
                <Select
                  label="Applicant Location"
                  placeholder="Choose a location"
                  data={APPLICANT_LOCATIONS as unknown as string[]}
                  clearable={!readOnly}
                  {...select('applicantLocation')}
                />
                {location ? (
                  <Select
                    label="Desired Visa"
                    required={location === 'Outside Australia'}
                    placeholder="Choose a visa"
                    data={DESIRED_VISAS_FOR_CLIENT as string[]}
                    searchable
                    clearable={!readOnly}
                    {...select('desiredVisa')}
                  />
                ) : (
                  <Text size="sm" c="dimmed" pt={{ sm: 28 }}>
                    Choose the applicant location to pick the desired visa.
                  </Text>
                )}
                {inside ? (
                  <>
                    <Select
                      label="Current/Previous Visa"
                      required
                      placeholder="Choose a visa"
                      data={VISAS as unknown as string[]}
                      searchable
                      clearable={!readOnly}
                      {...select('currentVisaSubclass')}
                    />
                    <TextInput
                      label="Visa Expiry Date"
                      required={visaExpiryRequired}
                      type="date"
                      {...input('visaExpiryDate')}
                    />
                  </>
                ) : null}
              </SimpleGrid>
            </Section>

            <Section value="assignment" issues={issues.bySection.assignment}>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
                <Select
                  label="Lead Source"
                  placeholder="Not set"
                  data={LEAD_SOURCES as unknown as string[]}
                  clearable={!readOnly}
                  {...select('leadSource')}
                />
                {values.leadSource === 'Social Media' ? (
                  <Select
                    label="Social Media Platform"
                    required
                    placeholder="Choose a platform"
                    data={SOCIAL_PLATFORMS as unknown as string[]}
                    {...select('socialMediaPlatform')}
                  />
                ) : null}
                {values.leadSource === 'Branch Office' ? (
                  <TextInput label="Branch Office" required {...input('branchOffice')} />
                ) : null}
                {values.leadSource === 'Associate Partner' ? (
                  <TextInput label="Associate Partner" required {...input('associatePartner')} />
                ) : null}
                <UserPicker
                  label="Manager"
                  roles={PICKER_ROLES.manager}
                  current={client.manager}
                  disabled={readOnly}
                  {...picker('managerUserId')}
                />
                <UserPicker
                  label="Assistant Manager"
                  roles={PICKER_ROLES.assistantManager}
                  current={client.assistantManager}
                  disabled={readOnly}
                  {...picker('assistantManagerUserId')}
                />
                <UserPicker
                  label="Migration Agent"
                  roles={PICKER_ROLES.migrationAgent}
                  current={client.migrationAgent}
                  disabled={readOnly}
                  {...picker('migrationAgentUserId')}
                />
              </SimpleGrid>
            </Section>

            {spouse ? (
              <Section value="spouse" issues={issues.bySection.spouse}>
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
                  <TextInput label="Spouse First Name" required autoComplete="off" {...input('spouseFirstName')} />
                  <TextInput label="Spouse Middle Name" autoComplete="off" {...input('spouseMiddleName')} />
                  <TextInput label="Spouse Last Name" required autoComplete="off" {...input('spouseLastName')} />
                  <TextInput
                    label="Spouse Date of Birth"
                    type="date"
                    max={new Date().toISOString().slice(0, 10)}
                    {...input('spouseDateOfBirth')}
                  />
                  <Select
                    label="Spouse Nationality"
                    required
                    placeholder="Choose a country"
                    data={COUNTRIES as string[]}
                    searchable
                    clearable={!readOnly}
                    {...select('spouseNationality')}
                  />
                  <Select
                    label="Spouse Country of Residence"
                    placeholder="Choose a country"
                    data={COUNTRIES as string[]}
                    searchable
                    clearable={!readOnly}
                    {...select('spouseCountryOfResidence')}
                  />
                </SimpleGrid>
              </Section>
            ) : null}

            {values.dependents.length > 0 ? (
              <Section value="dependents" issues={issues.bySection.dependents}>
                <DependentsSection form={form} readOnly={readOnly} />
              </Section>
            ) : null}
          </Accordion>
        </Stack>
      </fieldset>

      <div className={classes.footer}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap="xs">
            {rights.canHide ? (
              <Button
                variant="subtle"
                color="gray"
                leftSection={client.isHidden ? <IconEye size={16} /> : <IconEyeOff size={16} />}
                onClick={() => onAction(client.isHidden ? 'unhide' : 'hide')}
                disabled={saving}
              >
                {client.isHidden ? 'Unhide' : 'Hide'}
              </Button>
            ) : null}
            {rights.canDelete ? (
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={16} />}
                onClick={() => onAction('delete')}
                disabled={saving}
              >
                Delete
              </Button>
            ) : null}
            {rights.canDeletePermanently ? (
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconTrashX size={16} />}
                onClick={() => onAction('permanent')}
                disabled={saving}
              >
                Permanently Delete
              </Button>
            ) : null}
          </Group>
          <Group gap="xs">
            {!readOnly && !issues.valid && !saving ? (
              <Text size="xs" c="dimmed" visibleFrom="sm">
                Complete the required fields (*) to save.
              </Text>
            ) : null}
            <Button variant="default" onClick={onCancel} disabled={saving}>
              {readOnly ? 'Close' : 'Cancel'}
            </Button>
            {!readOnly ? (
              <Button type="submit" disabled={!canSave} leftSection={<IconDeviceFloppy size={16} />}>
                {saving ? 'Saving...' : 'Save Changes'}
              </Button>
            ) : null}
          </Group>
        </Group>
      </div>
    </form>
  );
}

function Section({ value, issues, children }: { value: ClientFormSection; issues?: number; children: ReactNode }) {
  return (
    <Accordion.Item value={value}>
      <Accordion.Control>
        <Group gap="xs" justify="space-between" wrap="nowrap" pr="xs">
          <Text fw={600} size="sm">
            {SECTION_TITLES[value]}
          </Text>
          {issues ? (
            <Badge size="sm" color="red" variant="light" tt="none">
              {issues} to complete
            </Badge>
          ) : null}
        </Group>
      </Accordion.Control>
      <Accordion.Panel>{children}</Accordion.Panel>
    </Accordion.Item>
  );
}

/** The words the user reads after a failed save (spec 1 §8: 'Error: {message}'). */
export function clientSaveErrorMessage(error: Error): string {
  if (error instanceof ApiError) {
    if (error.code === 'VALIDATION_FAILED') return error.message || 'Please check all required fields and try again.';
    if (error.status >= 500) return 'The server could not save the client. Please try again.';
  }
  return error.message || 'Request failed';
}
