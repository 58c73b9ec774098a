// /api/documents: Administration → Documentation. Keyed under 'document', the resource of the library's
// change events (and refreshed on a role permission change: two documents are generated from the matrix).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DocumentInput, DocumentRecord } from '@crm/domain';
import { answer, multipart, server } from '../../../lib/api-client.ts';
import { fetchFile, saveFile } from '../../../lib/file-requests.ts';
import { listQuery, listQueryOptions, type PageParams } from '../../../lib/list-query.ts';

export const DOCUMENT_KEY = 'document';
const path = (id: string) => `/api/documents/${encodeURIComponent(id)}`;

export type DocumentsParams = Pick<PageParams, 'search' | 'page' | 'after' | 'before' | 'last' | 'pageSize'>;

export const useDocuments = (params: DocumentsParams) =>
  useQuery(
    listQueryOptions(DOCUMENT_KEY, params, (signal) =>
      answer(server.GET('/api/documents', { params: { query: listQuery(params) }, signal })),
    ),
  );

export const documentQuery = (id: string) =>
  queryOptions({
    queryKey: [DOCUMENT_KEY, 'one', id],
    queryFn: ({ signal }) => answer(server.GET('/api/documents/{id}', { params: { path: { id } }, signal })),
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
    mutationFn: () => answer(server.POST('/api/documents/built-in', { body: { confirm: true } })),
    onSuccess: () => refresh(),
  });
}

/**
 * The form as the web sends it: every field, the optional ones empty as null (a PATCH then clears them; a new
 * document leaves them out, which the server reads alike).
 */
export type DocumentBody = Pick<DocumentInput, 'title' | 'documentVersion'> & {
  [K in Exclude<keyof DocumentInput, 'title' | 'documentVersion'>]: DocumentInput[K] | null;
};

export function useSaveDocument() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body, version }: { id: string | null; body: DocumentBody; version?: number }) =>
      id === null
        ? answer(
            server.POST('/api/documents', {
              body: {
                ...body,
                category: body.category ?? undefined,
                description: body.description ?? undefined,
                content: body.content ?? undefined,
              },
            }),
          )
        : answer(
            server.PATCH('/api/documents/{id}', { params: { path: { id } }, body: { ...body, version: version! } }),
          ),
    onSuccess: () => refresh(),
  });
}

export function useUploadDocumentFile() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, file }: { id: string; file: File }) =>
      answer(
        server.POST('/api/documents/{id}/file', {
          params: { path: { id } },
          body: { file },
          bodySerializer: multipart,
        }),
      ),
    onSuccess: () => refresh(),
  });
}

export function useRemoveDocumentFile() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => answer(server.DELETE('/api/documents/{id}/file', { params: { path: { id } } })),
    onSuccess: () => refresh(),
  });
}

export function useDeleteDocument() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => answer(server.DELETE('/api/documents/{id}', { params: { path: { id } } })),
    onSuccess: () => refresh(),
  });
}

/** Downloads the document's file under its stored name. */
export async function downloadDocumentFile(doc: Pick<DocumentRecord, 'id' | 'file'>) {
  if (!doc.file) return;
  saveFile(await fetchFile(`${path(doc.id)}/file`), doc.file.name);
}
