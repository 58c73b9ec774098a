// What the lead and client forms of the panel share: the form with the domain schema as validator (on change
// and on blur), the saved record kept in step (use-saved-record-sync.ts), the open accordion sections, a
// refused save with the server's field errors shown at their fields, the problems by section with the way to
// each, and the reload after a conflict. The sections themselves are drawn from the domain's layout
// (features/records/components/record-form-sections.tsx).
import { type FormErrors, useForm } from '@mantine/form';
import { useMemo, useState } from 'react';
import { isApiError } from '../../lib/api-client.ts';
import { issuesBySection, useGoToField } from './form-section.tsx';
import { useSavedRecordSync } from './use-saved-record-sync.ts';

type RecordFormOptions<V, R, S extends string> = {
  initialValues: V;
  /** The domain schema's errors and the firm's own checks; stable while its inputs are. */
  validate: (values: V) => FormErrors;
  /** The accordion section a field stands in; a module-level function. */
  sectionOf: (field: string) => S | undefined;
  /** The record as saved (null for a new one). */
  record: R | null;
  toFormValues: (record: R) => V;
  saving: boolean;
};

export function useRecordForm<V extends Record<string, unknown>, R extends { version: number }, S extends string>({
  initialValues,
  validate,
  sectionOf,
  record,
  toFormValues,
  saving,
}: RecordFormOptions<V, R, S>) {
  const form = useForm<V>({
    mode: 'controlled',
    initialValues,
    validate,
    validateInputOnChange: true,
    validateInputOnBlur: true,
  });
  const { changedElsewhere, setChangedElsewhere, showRecord } = useSavedRecordSync(form, record, saving, toFormValues);
  const [saveError, setSaveError] = useState<Error | null>(null);
  const [opened, setOpened] = useState<string[]>(['personal']);

  const openSections = (sections: readonly (S | undefined)[]) => {
    const found = sections.filter((s): s is S => Boolean(s));
    if (found.length) setOpened((o) => [...new Set([...o, ...found])]);
  };
  const openSectionsFor = (fields: readonly string[]) => openSections(fields.map(sectionOf));

  /** A refused save: the banner, and the server's field errors at their fields, their sections open. */
  const failed = (error: Error) => {
    setSaveError(error);
    if (isApiError(error) && Object.keys(error.fieldErrors).length > 0) {
      form.setErrors(Object.fromEntries(Object.entries(error.fieldErrors).map(([k, v]) => [k, v[0]])));
      openSectionsFor(Object.keys(error.fieldErrors));
    }
  };

  /** After a conflict: the local edits dropped, the newest saved record shown. */
  const reload = async (read: () => Promise<R | undefined>) => {
    const fresh = await read();
    setSaveError(null);
    setChangedElsewhere(false);
    if (fresh) showRecord(fresh);
  };

  const values = form.values;
  const issues = useMemo(() => issuesBySection(validate(values), sectionOf), [validate, values, sectionOf]);
  const goToField = useGoToField((field) => openSectionsFor([field]), form.getInputNode);

  return {
    form,
    values,
    issues,
    goToField,
    opened,
    setOpened,
    openSections,
    openSectionsFor,
    saveError,
    setSaveError,
    failed,
    reload,
    changedElsewhere,
    showRecord,
  };
}
