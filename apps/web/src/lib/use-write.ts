// Every write of the web goes through here: the request, the answer shown at once where the caller says,
// then what the change events of the written resources refresh (refresh.ts), so that this tab's own change
// refreshes what another user's change would, whichever screen made it.
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangeResource } from '@crm/domain';
import { refreshAfterWrite } from './refresh.ts';

/** The resources written; a function when the request says which (the kind of item restored). */
type Written<TVariables, TResult> =
  | ChangeResource
  | readonly ChangeResource[]
  | ((variables: TVariables, result: TResult | undefined) => ChangeResource | readonly ChangeResource[]);

type WriteOptions<TVariables, TResult> = {
  /** Puts the answer into the caches that show it before they are read again (a saved record's detail). */
  show?: (queryClient: QueryClient, result: TResult, variables: TVariables) => void;
  /** Refresh after a refusal too: where one (a stale version, a week locked meanwhile) means the screen is out of date. */
  refreshAfterRefusal?: boolean;
};

export function useWrite<TVariables, TResult>(
  written: Written<TVariables, TResult>,
  send: (variables: TVariables) => Promise<TResult>,
  { show, refreshAfterRefusal = false }: WriteOptions<TVariables, TResult> = {},
) {
  const queryClient = useQueryClient();
  const refresh = (variables: TVariables, result: TResult | undefined) => {
    const resources = typeof written === 'function' ? written(variables, result) : written;
    for (const resource of typeof resources === 'string' ? [resources] : resources) {
      refreshAfterWrite(queryClient, resource);
    }
  };
  return useMutation({
    mutationFn: send,
    onSuccess: (result, variables) => {
      show?.(queryClient, result, variables);
      if (!refreshAfterRefusal) refresh(variables, result);
    },
    onSettled: (result, _error, variables) => {
      if (refreshAfterRefusal) refresh(variables, result);
    },
  });
}

/**
 * What a save form sends: a new record (`saved` null), or a change to `saved` with the version it was read at,
 * so that a change someone saved meanwhile is refused (409) and never overwritten.
 */
export type SaveVariables<TBody> = { saved: { id: string; version: number } | null; body: TBody };

/** A create-or-update form's save: `create` for a new record, `update` with the version last read. */
export function useSave<TBody, TResult>(
  written: ChangeResource,
  create: (body: TBody) => Promise<TResult>,
  update: (id: string, body: TBody & { version: number }) => Promise<TResult>,
  options?: WriteOptions<SaveVariables<TBody>, TResult>,
) {
  return useWrite(
    written,
    ({ saved, body }: SaveVariables<TBody>) =>
      saved === null ? create(body) : update(saved.id, { ...body, version: saved.version }),
    options,
  );
}
