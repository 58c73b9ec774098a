// The lead and client forms' sections drawn from the domain's layout (LEAD_FORM_LAYOUT, CLIENT_FORM_LAYOUT): one
// accordion section per entry that shows for the values so far, each field as its kind's input with the
// required mark the domain's rule gives, a list field as one block per entry. A required field offers no clear
// button; a saved assignment stays locked without the module's assign permission (spec 1 §6.2).
import { Card, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType, UseFormReturnType } from '@mantine/form';
import type { ReactNode } from 'react';
import { isShown, REASSIGN_HINT, type RecordFormField, type RecordFormLayout } from '@crm/domain';
import { DateField } from '../../../components/date-field.tsx';
import { PhoneInput } from '../../../components/phone-input.tsx';
import { FormSection } from '../../../components/record-form/form-section.tsx';
import { asSelectProps } from '../../../components/record-form/select-props.ts';
import { useAuthorization } from '../../../lib/authorization.ts';
import { UserPicker } from '../../users/index.ts';

type AssignedUser = { id: string; fullName: string } | null;
type Assigned = { manager: AssignedUser; assistantManager: AssignedUser; migrationAgent: AssignedUser };

/** What a field does beyond its description: a change that opens a section, a line under it. */
export type FieldExtras = {
  onChange?: (value: string) => void;
  description?: ReactNode;
  data?: { value: string; label: string; disabled?: boolean }[];
};

type RecordFormSectionsProps<V, S extends string> = {
  layout: RecordFormLayout<S>;
  // Field paths come from the layout, so the form is read by plain strings.
  form: UseFormReturnType<V>;
  /** How many fields of each section still fail. */
  issues: Partial<Record<S, number>>;
  isRequired: (field: string) => boolean;
  readOnly: boolean;
  /** Whose assign permission decides whether a saved assignment may change. */
  module: 'leads' | 'clients';
  /** The users saved on the record, shown even when no longer assignable. */
  assigned: Assigned | null;
  /** A choice's change (default: the form's own), for a form whose required fields follow its choices. */
  onChoice?: (field: string, value: string) => void;
  extras?: Readonly<Record<string, FieldExtras>>;
};

export function RecordFormSections<V, S extends string>({
  layout,
  form,
  issues,
  isRequired,
  readOnly,
  module,
  assigned,
  onChoice,
  extras = {},
}: RecordFormSectionsProps<V, S>) {
  const canReassign = useAuthorization().can(`${module}:assign`);
  const values = form.values as Record<string, unknown>;
  const inputProps = (path: string): GetInputPropsReturnType => form.getInputProps(path as never);

  const drawField = (item: RecordFormField, path: (field: string) => string, at: Record<string, unknown>) => {
    if (!isShown(item, at)) return null;
    if (item.kind === 'hint')
      return (
        <Text key={item.text} size="sm" c="dimmed" pt={{ sm: 28 }}>
          {item.text}
        </Text>
      );
    const name = path(item.field);
    const required = isRequired(name);
    const clearable = !required && !readOnly;
    const { onChange, description, data } = extras[name] ?? {};
    switch (item.kind) {
      case 'text':
        return (
          <TextInput
            key={name}
            label={item.label}
            required={required}
            type={item.email ? 'email' : undefined}
            autoComplete="off"
            {...inputProps(name)}
          />
        );
      case 'phone':
        return (
          <PhoneInput
            key={name}
            label={item.label}
            required={required}
            value={String(values[name] ?? '')}
            onChange={(v) => form.setFieldValue(name as never, v as never)}
            onBlur={() => form.validateField(name as never)}
            error={form.errors[name]}
            disabled={readOnly}
          />
        );
      case 'date':
        return (
          <DateField
            key={name}
            kind={item.date}
            label={item.label}
            required={required}
            clearable={clearable}
            {...inputProps(name)}
            description={description}
            inputWrapperOrder={description ? ['label', 'input', 'description', 'error'] : undefined}
          />
        );
      case 'choice': {
        const change = onChange ?? (onChoice ? (v: string) => onChoice(name, v) : undefined);
        return (
          <Select
            key={name}
            label={item.label}
            required={required}
            placeholder={item.placeholder}
            data={data ?? (item.options as string[])}
            searchable={item.searchable}
            clearable={clearable}
            {...asSelectProps(inputProps(name), change)}
          />
        );
      }
      case 'user': {
        const saved = assigned?.[item.field.replace(/UserId$/, '') as keyof Assigned];
        // Without 'assign' a saved assignment stays as it is; an empty one may still be filled.
        const locked = !canReassign && Boolean(saved);
        return (
          <UserPicker
            key={name}
            label={item.label}
            roles={item.roles}
            current={saved}
            required={required}
            disabled={readOnly || locked}
            description={locked && !readOnly ? REASSIGN_HINT : undefined}
            value={String(values[name] ?? '')}
            onChange={(v: string) => form.setFieldValue(name as never, v as never)}
            onBlur={() => form.validateField(name as never)}
            error={form.errors[name]}
          />
        );
      }
    }
  };

  return layout
    .filter((section) => isShown(section, values))
    .map(({ section, title, fields, list }) => (
      <FormSection key={section} value={section} title={title} issues={issues[section]}>
        {list ? (
          <Stack gap="sm">
            {(values[list.field] as Record<string, unknown>[]).map((entry, index) => (
              <Card
                key={typeof entry.id === 'string' ? entry.id : `new-${index}`}
                withBorder
                padding="sm"
                radius="md"
                component="fieldset"
                aria-label={`${list.entryLabel} ${index + 1}`}
                style={{ margin: 0, minWidth: 0 }}
                data-testid={`${list.entryLabel.toLowerCase()}-entry`}
              >
                <Text component="legend" fw={600} size="sm" px={4}>
                  {list.entryLabel} {index + 1}
                </Text>
                <FieldGrid>
                  {list.fields.map((item) => drawField(item, (field) => `${list.field}.${index}.${field}`, entry))}
                </FieldGrid>
              </Card>
            ))}
          </Stack>
        ) : (
          <FieldGrid>{fields.map((item) => drawField(item, (field) => field, values))}</FieldGrid>
        )}
      </FormSection>
    ));
}

function FieldGrid({ children }: { children: ReactNode }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
      {children}
    </SimpleGrid>
  );
}
