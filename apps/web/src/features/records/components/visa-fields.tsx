// The visa fields of a lead and a client (spec 1 §2.5, §2.6): the applicant's location, then the desired visa
// from those the record type offers, and for an applicant in Australia the current visa and its expiry. Which
// are required follows the domain's rule (leadRequiredFields, clientRequiredFields); a required field offers
// no clear button.
import { Select, Text } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { APPLICANT_LOCATIONS, hasCurrentVisa, VISAS } from '@crm/domain';
import { DateField } from '../../../components/date-field.tsx';
import type { asSelectProps } from '../../../components/record-form/select-props.ts';

type VisaFieldsProps = {
  applicantLocation: string;
  /** The visas the record type offers as desired. */
  desiredVisas: readonly string[];
  /** 'Current Visa Subclass' (lead) or 'Current/Previous Visa' (client). */
  currentVisaLabel: string;
  isRequired: (field: string) => boolean;
  readOnly: boolean;
  // Method syntax on purpose: each form passes its own narrower field-name type.
  input(field: string): GetInputPropsReturnType;
  select(field: string): ReturnType<typeof asSelectProps>;
};

export function VisaFields({
  applicantLocation,
  desiredVisas,
  currentVisaLabel,
  isRequired,
  readOnly,
  input,
  select,
}: VisaFieldsProps) {
  const clearable = (field: string) => !isRequired(field) && !readOnly;
  return (
    <>
      <Select
        label="Applicant Location"
        required={isRequired('applicantLocation')}
        placeholder="Choose a location"
        data={APPLICANT_LOCATIONS as unknown as string[]}
        clearable={clearable('applicantLocation')}
        {...select('applicantLocation')}
      />
      {applicantLocation ? (
        <Select
          label="Desired Visa"
          required={isRequired('desiredVisa')}
          placeholder="Choose a visa"
          data={desiredVisas as string[]}
          searchable
          clearable={clearable('desiredVisa')}
          {...select('desiredVisa')}
        />
      ) : (
        <Text size="sm" c="dimmed" pt={{ sm: 28 }}>
          Choose the applicant location to pick the desired visa.
        </Text>
      )}
      {hasCurrentVisa(applicantLocation) ? (
        <>
          <Select
            label={currentVisaLabel}
            required={isRequired('currentVisaSubclass')}
            placeholder="Choose a visa"
            data={VISAS as unknown as string[]}
            searchable
            clearable={clearable('currentVisaSubclass')}
            {...select('currentVisaSubclass')}
          />
          <DateField
            kind="document"
            label="Visa Expiry Date"
            required={isRequired('visaExpiryDate')}
            clearable={clearable('visaExpiryDate')}
            {...input('visaExpiryDate')}
          />
        </>
      ) : null}
    </>
  );
}
