// /api/contracts and /api/contract-templates: Contract Manager. Keyed under 'contract', the resource of the
// module's change events, so every open list follows a change made anywhere.
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { ContractRecord, ContractStatus, ContractSummary } from '@crm/domain';
import { useSave, useWrite } from '../../../lib/use-write.ts';
import { answer, multipart, server } from '../../../lib/api-client.ts';
import { fetchFile, saveFile } from '../../../lib/file-requests.ts';
import { listQuery, listQueryOptions, type PageParams } from '../../../lib/list-query.ts';

export const CONTRACT_KEY = 'contract';
const path = (id: string) => `/api/contracts/${encodeURIComponent(id)}`;

export type ContractsParams = Pick<PageParams, 'search' | 'page' | 'after' | 'before' | 'last' | 'pageSize'> & {
  status?: ContractStatus;
};

export const useContracts = ({ status, ...params }: ContractsParams) =>
  useQuery(
    listQueryOptions(CONTRACT_KEY, { ...params, ...(status ? { status } : {}) }, (signal) =>
      // The server takes several statuses; the page filters by one.
      answer(
        server.GET('/api/contracts', {
          params: { query: listQuery({ ...params, status: status ? [status] : undefined }) },
          signal,
        }),
      ),
    ),
  );

export const contractQuery = (id: string) =>
  queryOptions({
    queryKey: [CONTRACT_KEY, 'one', id],
    queryFn: ({ signal }) => answer(server.GET('/api/contracts/{id}', { params: { path: { id } }, signal })),
  });

export const useContract = (id: string | null) => useQuery({ ...contractQuery(id ?? ''), enabled: id !== null });

export const useRecordContracts = (type: 'lead' | 'client', id: string) =>
  useQuery({
    queryKey: [CONTRACT_KEY, 'record', type, id],
    queryFn: ({ signal }) =>
      type === 'lead'
        ? answer(server.GET('/api/leads/{id}/contracts', { params: { path: { id } }, signal }))
        : answer(server.GET('/api/clients/{id}/contracts', { params: { path: { id } }, signal })),
  });

export const useContractTemplates = () =>
  useQuery({
    queryKey: [CONTRACT_KEY, 'templates'],
    queryFn: ({ signal }) => answer(server.GET('/api/contract-templates', { signal })),
  });

/** A new contract; what it has none of (a template, an expiry date, its own text) is left out. */
export type NewContractBody = {
  title: string;
  entityType: 'lead' | 'client';
  entityId: string;
  additionalClientIds: string[];
  templateId?: string;
  effectiveDate: string;
  expiryDate?: string;
  content?: string;
};

export function useCreateContract() {
  return useWrite('contract', (body: NewContractBody) => answer(server.POST('/api/contracts', { body })));
}

export type TemplateFillBody = Pick<
  NewContractBody,
  'entityType' | 'entityId' | 'additionalClientIds' | 'effectiveDate' | 'expiryDate'
>;

/** A template's text filled for the record and dates New Contract holds; nothing is stored, so no refresh. */
export const useFillTemplate = () =>
  useMutation({
    mutationFn: ({ templateId, body }: { templateId: string; body: TemplateFillBody }) =>
      answer(server.POST('/api/contract-templates/{id}/fill', { params: { path: { id: templateId } }, body })),
  });

export type ContractChanges = {
  title?: string;
  effectiveDate?: string;
  expiryDate?: string | null;
  content?: string | null;
  additionalClientIds?: string[];
};

export function useUpdateContract() {
  return useWrite('contract', ({ id, version, changes }: { id: string; version: number; changes: ContractChanges }) =>
    answer(server.PATCH('/api/contracts/{id}', { params: { path: { id } }, body: { ...changes, version } })),
  );
}

export function useContractAction() {
  return useWrite(
    'contract',
    ({ id, version, action }: { id: string; version: number; action: 'activate' | 'terminate' }) =>
      action === 'activate'
        ? answer(server.POST('/api/contracts/{id}/activate', { params: { path: { id } }, body: { version } }))
        : answer(server.POST('/api/contracts/{id}/terminate', { params: { path: { id } }, body: { version } })),
  );
}

export function useDeleteContract() {
  return useWrite('contract', (id: string) =>
    answer(server.DELETE('/api/contracts/{id}', { params: { path: { id } } })),
  );
}

export function useUploadSignedCopy() {
  return useWrite('contract', ({ id, file, signedDate }: { id: string; file: File; signedDate: string }) =>
    answer(
      server.POST('/api/contracts/{id}/signed-copy', {
        params: { path: { id }, query: { signedDate } },
        body: { file },
        bodySerializer: multipart,
      }),
    ),
  );
}

/** A template; an empty description is left out. */
export type TemplateBody = {
  name: string;
  category: string;
  description?: string;
  content: string;
  isPublic: boolean;
};

export function useSaveTemplate() {
  return useSave(
    'contract',
    (body: TemplateBody) => answer(server.POST('/api/contract-templates', { body })),
    (id, body) => answer(server.PUT('/api/contract-templates/{id}', { params: { path: { id } }, body })),
  );
}

export function useDeleteTemplate() {
  return useWrite('contract', (id: string) =>
    answer(server.DELETE('/api/contract-templates/{id}', { params: { path: { id } } })),
  );
}

export async function downloadContractPdf(contract: Pick<ContractSummary, 'id' | 'reference'>) {
  saveFile(await fetchFile(`${path(contract.id)}/pdf?download=1`), `${contract.reference}.pdf`);
}

export async function downloadSignedCopy(contract: Pick<ContractRecord, 'id' | 'signedFile'>) {
  if (!contract.signedFile) return;
  saveFile(await fetchFile(`${path(contract.id)}/signed-copy`), contract.signedFile.name);
}
