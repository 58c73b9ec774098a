// The name, birth and country fields of a person: a lead, a client, and a client's spouse/partner
// (spec 1 §2.5, §2.6). Which of them are required differs between the three (spec 1 §5.1, §5.2): the
// form asks the domain (leadRequiredFields, clientRequiredFields).
import { Select, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { COUNTRIES, GENDERS } from '@crm/domain';
import { DateField } from '../../../components/date-field.tsx';
import type { asSelectProps } from '../../../components/record-form/select-props.ts';

export type PersonPart =
  'firstName' | 'middleName' | 'lastName' | 'gender' | 'dateOfBirth' | 'nationality' | 'countryOfResidence';

/** A spouse's fields carry the prefix: firstName → spouseFirstName. */
export const spouseField = (part: PersonPart) => `spouse${part[0]!.toUpperCase()}${part.slice(1)}`;

type PersonFieldsProps = {
  /** 'Spouse ' for the spouse/partner section. */
  labelPrefix?: string;
  fieldOf?: (part: PersonPart) => string;
  /** Whether the form's field (after fieldOf) must be filled. */
  isRequired: (field: string) => boolean;
  withGender: boolean;
  readOnly: boolean;
  // Method syntax on purpose: each form passes its own narrower field-name type.
  input(field: string): GetInputPropsReturnType;
  select(field: string): ReturnType<typeof asSelectProps>;
};

export function PersonFields({
  labelPrefix = '',
  fieldOf = (part) => part,
  isRequired,
  withGender,
  readOnly,
  input,
  select,
}: PersonFieldsProps) {
  const required = (part: PersonPart) => isRequired(fieldOf(part));
  const country = (part: 'nationality' | 'countryOfResidence', label: string) => (
    <Select
      label={`${labelPrefix}${label}`}
      required={required(part)}
      placeholder="Choose a country"
      data={COUNTRIES as string[]}
      searchable
      clearable={!required(part) && !readOnly}
      {...select(fieldOf(part))}
    />
  );
  return (
    <>
      <TextInput
        label={`${labelPrefix}First Name`}
        required={required('firstName')}
        autoComplete="off"
        {...input(fieldOf('firstName'))}
      />
      <TextInput label={`${labelPrefix}Middle Name`} autoComplete="off" {...input(fieldOf('middleName'))} />
      <TextInput
        label={`${labelPrefix}Last Name`}
        required={required('lastName')}
        autoComplete="off"
        {...input(fieldOf('lastName'))}
      />
      {withGender ? (
        <Select
          label={`${labelPrefix}Gender`}
          placeholder="Not set"
          data={GENDERS as unknown as string[]}
          clearable={!readOnly}
          {...select(fieldOf('gender'))}
        />
      ) : null}
      <DateField
        kind="birth"
        label={`${labelPrefix}Date of Birth`}
        required={required('dateOfBirth')}
        clearable={!required('dateOfBirth') && !readOnly}
        {...input(fieldOf('dateOfBirth'))}
      />
      {country('nationality', 'Nationality')}
      {country('countryOfResidence', 'Country of Residence')}
    </>
  );
}
