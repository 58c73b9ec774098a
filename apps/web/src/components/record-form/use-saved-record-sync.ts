// Keeps an open record form in step with the saved record: when someone else saves it (a live
// update brings a new version), a clean form shows their version and an edited one is told. A
// change that lands while this form saves is its own save (the answer shows it).
import type { UseFormReturnType } from '@mantine/form';
import { useEffect, useRef, useState } from 'react';

export function useSavedRecordSync<R extends { version: number }, V>(
  form: UseFormReturnType<V>,
  record: R | null,
  saving: boolean,
  toFormValues: (record: R) => V,
) {
  const [changedElsewhere, setChangedElsewhere] = useState(false);
  const shownVersion = useRef(record?.version);

  /** Shows a saved record as the form's clean starting point. */
  const showRecord = (saved: R) => {
    shownVersion.current = saved.version;
    const next = toFormValues(saved);
    form.setInitialValues(next);
    form.setValues(next);
    form.resetDirty(next);
    form.clearErrors();
    setChangedElsewhere(false);
  };

  useEffect(() => {
    // Only a newer version: right after this form's own save the props can still hold the version
    // before it for one render (the mutation settles before the query cache reaches the component),
    // and following it would flash the old values.
    if (!record || record.version <= (shownVersion.current ?? 0) || saving) return;
    if (form.isDirty()) {
      shownVersion.current = record.version;
      setChangedElsewhere(true);
    } else {
      showRecord(record);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- when the saved record changes or a save ends
  }, [record?.version, saving]);

  return { changedElsewhere, setChangedElsewhere, showRecord };
}
