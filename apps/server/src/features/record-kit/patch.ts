// PATCH on the server (DECISIONS.md §6): the fields sent, merged over the stored record, validated whole.
import type { z } from 'zod';
import { mergePatch } from '@crm/domain';
import { fieldErrorsFromZod, validationError } from '../../plugins/errors.ts';

/**
 * The form a PATCH makes of the stored record, checked with the form's full schema, cross-field rules
 * included: 400 with the form's field messages when the merged record breaks one. Called after the
 * version check, in the transaction that read `stored`, so the merge is over what the version names.
 */
export function patchedForm<S extends z.ZodObject>(form: S, stored: object, patch: object): z.output<S> {
  const merged = mergePatch(
    Object.keys(form.shape),
    stored as Record<string, unknown>,
    patch as Record<string, unknown>,
  );
  const result = form.safeParse(merged);
  if (!result.success) throw validationError(fieldErrorsFromZod(result.error));
  return result.data;
}
