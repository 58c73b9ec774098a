// The dependents entries of the client form (spec 1 §3.3): one card per dependent, as many as
// numberOfDependents says (the form resizes the list; this only renders it).
import { Card, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { COUNTRIES, DEPENDENT_RELATIONSHIPS } from '@crm/domain';
import { DateField } from '../../../components/date-field.tsx';
import type { ClientFormValues } from '../client-form-values.ts';

type DependentsSectionProps = {
  form: UseFormReturnType<ClientFormValues>;
  /** Whether a field ('dependents.0.firstName') must be filled (clientRequiredFields). */
  isRequired: (field: string) => boolean;
  readOnly: boolean;
};

export function DependentsSection({ form, isRequired, readOnly }: DependentsSectionProps) {
  const dependents = form.values.dependents;
  const input = (index: number, field: string) => ({
    ...form.getInputProps(`dependents.${index}.${field}`),
    required: isRequired(`dependents.${index}.${field}`),
  });
  const select = (index: number, field: string) => {
    const props = input(index, field);
    return {
      ...props,
      value: (props.value as string) || null,
      onChange: (v: string | null) => props.onChange(v ?? ''),
    };
  };
  return (
    <Stack gap="sm">
      {dependents.map((dependent, index) => (
        <Card
          key={dependent.id ?? `new-${index}`}
          withBorder
          padding="sm"
          radius="md"
          component="fieldset"
          aria-label={`Dependent ${index + 1}`}
          style={{ margin: 0, minWidth: 0 }}
          data-testid="dependent-entry"
        >
          <Text component="legend" fw={600} size="sm" px={4}>
            Dependent {index + 1}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
            <TextInput label="First Name" autoComplete="off" {...input(index, 'firstName')} />
            <TextInput label="Middle Name" autoComplete="off" {...input(index, 'middleName')} />
            <TextInput label="Last Name" autoComplete="off" {...input(index, 'lastName')} />
            <Select
              label="Relationship"
              data={DEPENDENT_RELATIONSHIPS as unknown as string[]}
              {...select(index, 'relationship')}
            />
            <DateField kind="birth" label="Date of Birth" clearable={!readOnly} {...input(index, 'dateOfBirth')} />
            <Select
              label="Nationality"
              placeholder="Choose a country"
              data={COUNTRIES as string[]}
              searchable
              {...select(index, 'nationality')}
            />
            <Select
              label="Country of Residence"
              placeholder="Choose a country"
              data={COUNTRIES as string[]}
              searchable
              clearable={!readOnly}
              {...select(index, 'countryOfResidence')}
            />
            <TextInput label="Passport Number" autoComplete="off" {...input(index, 'passportNumber')} />
            <DateField
              kind="document"
              label="Passport Expiry Date"
              clearable={!readOnly}
              {...input(index, 'passportExpiryDate')}
            />
          </SimpleGrid>
        </Card>
      ))}
      {readOnly && dependents.length === 0 ? (
        <Text size="sm" c="dimmed">
          No dependents recorded.
        </Text>
      ) : null}
    </Stack>
  );
}
