// The query string of every paginated list: page, page size, sort, free-text search (server-side).
import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../access/permissions.ts';
import { pageNavigationFields } from './pagination.ts';

/** A repeated or comma-separated query parameter read as a list of values. */
export const multiValue = <T extends z.ZodType<string>>(item: T) =>
  z.preprocess((v) => {
    if (v === undefined || v === '') return undefined;
    const list = Array.isArray(v) ? v : [v];
    return list.flatMap((x) => String(x).split('|')).filter(Boolean);
  }, z.array(item).optional());

export const booleanParam = () =>
  z.preprocess(
    (v) => (v === 'true' || v === '1' || v === true ? true : v === 'false' || v === '0' || v === false ? false : v),
    z.boolean().optional(),
  );

export const listQueryBase = z.object({
  search: z.string().trim().max(200).optional(),
  ...pageNavigationFields,
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  sort: z.string().max(60).optional(),
});

/** 'createdAt:desc' → { field, direction } limited to the allowed fields. */
export function parseSort<F extends string>(
  sort: string | undefined,
  allowed: readonly F[],
  fallback: F,
): { field: F; direction: 'asc' | 'desc' } {
  const [field, dir] = (sort ?? '').split(':');
  const f = (allowed as readonly string[]).includes(field ?? '') ? (field as F) : fallback;
  return { field: f, direction: dir === 'asc' ? 'asc' : 'desc' };
}
