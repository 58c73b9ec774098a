// /api/contracts and /api/contract-templates: Contract Manager. Keyed under 'contract', the resource of the
// module's change events, so every open list follows a change made anywhere.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ContractFilled,
  ContractPage,
  ContractRecord,
  ContractStatus,
  ContractSummary,
  ContractTemplateRecord,
} from '@crm/domain';
import { api } from '../../../lib/api-client.ts';
import { fetchFile, saveFile, uploadFile } from '../../../lib/file-requests.ts';
import { listQueryOptions, type PageParams } from '../../../lib/list-query.ts';

export const CONTRACT_KEY = 'contract';
const path = (id: string) => `/api/contracts/${encodeURIComponent(id)}`;

export type ContractsParams = Pick<PageParams, 'search' | 'page' | 'after' | 'before' | 'last' | 'pageSize'> & {
  status?: ContractStatus;
};

export const useContracts = ({ status, ...params }: ContractsParams) =>
  useQuery(
    listQueryOptions<ContractPage>(CONTRACT_KEY, '/api/contracts', { ...params, ...(status ? { status } : {}) }),
  );

export const contractQuery = (id: string) =>
  queryOptions({
    queryKey: [CONTRACT_KEY, 'one', id],
    queryFn: ({ signal }) => api.get<ContractRecord>(path(id), { signal }),
  });

export const useContract = (id: string | null) => useQuery({ ...contractQuery(id ?? ''), enabled: id !== null });

export const useRecordContracts = (type: 'lead' | 'client', id: string) =>
  useQuery({
    queryKey: [CONTRACT_KEY, 'record', type, id],
    queryFn: ({ signal }) =>
      api.get<ContractSummary[]>(`/api/${type === 'lead' ? 'leads' : 'clients'}/${encodeURIComponent(id)}/contracts`, {
        signal,
      }),
  });

export const useContractTemplates = () =>
  useQuery({
    queryKey: [CONTRACT_KEY, 'templates'],
    queryFn: ({ signal }) => api.get<ContractTemplateRecord[]>('/api/contract-templates', { signal }),
  });

function useRefresh() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: [CONTRACT_KEY] });
}

export type NewContractBody = {
  title: string;
  entityType: 'lead' | 'client';
  entityId: string;
  additionalClientIds: string[];
  templateId: string | null;
  effectiveDate: string;
  expiryDate: string | null;
  content: string | null;
};

export function useCreateContract() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: NewContractBody) => api.post<ContractRecord>('/api/contracts', body),
    onSuccess: () => refresh(),
  });
}

export type TemplateFillBody = Pick<
  NewContractBody,
  'entityType' | 'entityId' | 'additionalClientIds' | 'effectiveDate' | 'expiryDate'
>;

/** A template's text filled for the record and dates New Contract holds; nothing is stored, so no refresh. */
export const useFillTemplate = () =>
  useMutation({
    mutationFn: ({ templateId, body }: { templateId: string; body: TemplateFillBody }) =>
      api.post<ContractFilled>(`/api/contract-templates/${encodeURIComponent(templateId)}/fill`, body),
  });

export type ContractChanges = {
  title?: string;
  effectiveDate?: string;
  expiryDate?: string | null;
  content?: string | null;
  additionalClientIds?: string[];
};

export function useUpdateContract() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, version, changes }: { id: string; version: number; changes: ContractChanges }) =>
      api.patch<ContractRecord>(path(id), { ...changes, version }),
    onSuccess: () => refresh(),
  });
}

export function useContractAction() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, version, action }: { id: string; version: number; action: 'activate' | 'terminate' }) =>
      api.post<ContractRecord>(`${path(id)}/${action}`, { version }),
    onSuccess: () => refresh(),
  });
}

export function useDeleteContract() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ message: string }>(path(id)),
    onSuccess: () => refresh(),
  });
}

export function useUploadSignedCopy() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, file, signedDate }: { id: string; file: File; signedDate: string }) =>
      uploadFile<ContractRecord>(`${path(id)}/signed-copy?signedDate=${encodeURIComponent(signedDate)}`, file),
    onSuccess: () => refresh(),
  });
}

export type TemplateBody = {
  name: string;
  category: string;
  description: string | null;
  content: string;
  isPublic: boolean;
};

export function useSaveTemplate() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body, version }: { id: string | null; body: TemplateBody; version?: number }) =>
      id === null
        ? api.post<ContractTemplateRecord>('/api/contract-templates', body)
        : api.put<ContractTemplateRecord>(`/api/contract-templates/${encodeURIComponent(id)}`, { ...body, version }),
    onSuccess: () => refresh(),
  });
}

export function useDeleteTemplate() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ message: string }>(`/api/contract-templates/${encodeURIComponent(id)}`),
    onSuccess: () => refresh(),
  });
}

export async function downloadContractPdf(contract: Pick<ContractSummary, 'id' | 'reference'>) {
  saveFile(await fetchFile(`${path(contract.id)}/pdf?download=1`), `${contract.reference}.pdf`);
}

export async function downloadSignedCopy(contract: Pick<ContractRecord, 'id' | 'signedFile'>) {
  if (!contract.signedFile) return;
  saveFile(await fetchFile(`${path(contract.id)}/signed-copy`), contract.signedFile.name);
}
