// /api/documents: Administration → Documentation. Keyed under 'document', the resource of the library's
// change events (and refreshed on a role permission change: two documents are generated from the matrix).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DocumentInput, DocumentRecord } from '@crm/domain';
import { useSave, useWrite } from '../../../lib/use-write.ts';
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

/** First use: asks the server to write the built-in documents (it does so once, whoever asks first). */
export function useSeedDocuments() {
  return useWrite('document', () => answer(server.POST('/api/documents/built-in', { body: { confirm: true } })));
}

/**
 * The form as the web sends it: every field, the optional ones empty as null (a PATCH then clears them; a new
 * document leaves them out, which the server reads alike).
 */
export type DocumentBody = Pick<DocumentInput, 'title' | 'documentVersion'> & {
  [K in Exclude<keyof DocumentInput, 'title' | 'documentVersion'>]: DocumentInput[K] | null;
};

export function useSaveDocument() {
  return useSave(
    'document',
    (body: DocumentBody) =>
      answer(
        server.POST('/api/documents', {
          body: {
            ...body,
            category: body.category ?? undefined,
            description: body.description ?? undefined,
            content: body.content ?? undefined,
          },
        }),
      ),
    (id, body) => answer(server.PATCH('/api/documents/{id}', { params: { path: { id } }, body })),
  );
}

export function useUploadDocumentFile() {
  return useWrite('document', ({ id, file }: { id: string; file: File }) =>
    answer(
      server.POST('/api/documents/{id}/file', {
        params: { path: { id } },
        body: { file },
        bodySerializer: multipart,
      }),
    ),
  );
}

export function useRemoveDocumentFile() {
  return useWrite('document', (id: string) =>
    answer(server.DELETE('/api/documents/{id}/file', { params: { path: { id } } })),
  );
}

export function useDeleteDocument() {
  return useWrite('document', (id: string) =>
    answer(server.DELETE('/api/documents/{id}', { params: { path: { id } } })),
  );
}

/** Downloads the document's file under its stored name. */
export async function downloadDocumentFile(doc: Pick<DocumentRecord, 'id' | 'file'>) {
  if (!doc.file) return;
  saveFile(await fetchFile(`${path(doc.id)}/file`), doc.file.name);
}
