// /api/documents: Administration → Documentation. Keyed under 'document', the resource of the library's
// change events (and refreshed on a role permission change: two documents are generated from the matrix).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DocumentInput, DocumentPage, DocumentRecord, DocumentSeedResult } from '@crm/domain';
import { api } from '../../../lib/api-client.ts';
import { fetchFile, saveFile, uploadFile } from '../../../lib/file-requests.ts';
import { listQueryOptions, type PageParams } from '../../../lib/list-query.ts';

export const DOCUMENT_KEY = 'document';
const path = (id: string) => `/api/documents/${encodeURIComponent(id)}`;

export type DocumentsParams = Pick<PageParams, 'search' | 'page' | 'after' | 'before' | 'last' | 'pageSize'>;

export const useDocuments = (params: DocumentsParams) =>
  useQuery(listQueryOptions<DocumentPage>(DOCUMENT_KEY, '/api/documents', params));

export const documentQuery = (id: string) =>
  queryOptions({
    queryKey: [DOCUMENT_KEY, 'one', id],
    queryFn: ({ signal }) => api.get<DocumentRecord>(path(id), { signal }),
  });

export const useDocument = (id: string | null) => useQuery({ ...documentQuery(id ?? ''), enabled: id !== null });

function useRefresh() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: [DOCUMENT_KEY] });
}

/** First use: asks the server to write the built-in documents (it does so once, whoever asks first). */
export function useSeedDocuments() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: () => api.post<DocumentSeedResult>('/api/documents/built-in', { confirm: true }),
    onSuccess: () => refresh(),
  });
}

/** The form as the web sends it: every field, empty ones as null (a PATCH then clears them). */
export type DocumentBody = { [K in keyof DocumentInput]: DocumentInput[K] | null };

export function useSaveDocument() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body, version }: { id: string | null; body: DocumentBody; version?: number }) =>
      id === null
        ? api.post<DocumentRecord>('/api/documents', body)
        : api.patch<DocumentRecord>(path(id), { ...body, version }),
    onSuccess: () => refresh(),
  });
}

export function useUploadDocumentFile() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, file }: { id: string; file: File }) => uploadFile<DocumentRecord>(`${path(id)}/file`, file),
    onSuccess: () => refresh(),
  });
}

export function useRemoveDocumentFile() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => api.delete<DocumentRecord>(`${path(id)}/file`),
    onSuccess: () => refresh(),
  });
}

export function useDeleteDocument() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ message: string }>(path(id)),
    onSuccess: () => refresh(),
  });
}

/** Downloads the document's file under its stored name. */
export async function downloadDocumentFile(doc: Pick<DocumentRecord, 'id' | 'file'>) {
  if (!doc.file) return;
  saveFile(await fetchFile(`${path(doc.id)}/file`), doc.file.name);
}
