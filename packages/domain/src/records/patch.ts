// PATCH bodies (DECISIONS.md §6): only the fields sent change, the merged record is validated whole, and
// the version last read guards against stale edits. One mechanism for every form the API edits.
import { z } from 'zod';
import { versionField } from './fields.ts';

type FormShape = Record<string, z.ZodType>;
type Patchable<T extends z.ZodType> = z.ZodOptional<z.ZodNullable<T extends z.ZodDefault<infer Inner> ? Inner : T>>;
export type PatchShape<S extends FormShape> = { [K in keyof S]: Patchable<S[K]> } & {
  version: ReturnType<typeof versionField>;
};

/**
 * The PATCH body of a form: every field optional (left out: unchanged) and nullable (null clears it, as
 * '' does where the field reads '' as empty), without defaults (a default would overwrite a stored value
 * with a field nobody sent), and `version` required. Each field keeps its own checks and messages; the
 * form's cross-field rules are left to the merged record (mergePatch), which only the server has.
 */
export function patchSchemaOf<S extends FormShape>(form: z.ZodObject<S>): z.ZodObject<PatchShape<S>> {
  const fields = Object.entries(form.shape).map(([key, field]) => {
    const withoutDefault = field instanceof z.ZodDefault ? (field.unwrap() as z.ZodType) : field;
    return [key, withoutDefault.nullable().optional()] as const;
  });
  return z.object({ ...Object.fromEntries(fields), version: versionField() }) as unknown as z.ZodObject<PatchShape<S>>;
}

/**
 * The form a PATCH asks for: the stored record's form fields with each field sent put over them. A field
 * sent as null, or as '' that its schema read as nothing, is left out, which is how the form says
 * 'empty', and so are stored nulls. Fields outside the form (`version`, unknown ones) are dropped.
 * Validate the result with the form's full schema: it holds the rules that join fields.
 */
export function mergePatch(
  fieldNames: readonly string[],
  stored: Readonly<Record<string, unknown>>,
  patch: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const merged: Record<string, unknown> = {};
  for (const key of fieldNames) {
    // Present with undefined is a field that was sent (as ''): zod keeps the key of a field it received.
    const value = Object.hasOwn(patch, key) ? patch[key] : stored[key];
    if (value !== null && value !== undefined) merged[key] = value;
  }
  return merged;
}

/** A parsed form with every optional field present, null where it is empty. */
export type WholeFormPatch<T> = { [K in keyof T]-?: undefined extends T[K] ? Exclude<T[K], undefined> | null : T[K] };

/**
 * A whole form sent as a PATCH (what the web's record forms do): every field of the form's schema
 * (`fieldNames`) present, empty ones as null, so that a field the user emptied is cleared rather than
 * left as stored.
 */
export function wholeFormPatch<T extends Record<string, unknown>>(
  fieldNames: readonly string[],
  value: T,
): WholeFormPatch<T> {
  return Object.fromEntries(fieldNames.map((key) => [key, value[key] ?? null])) as WholeFormPatch<T>;
}
