// Exports of a list (GET /api/{leads|clients|contacts}/export): the list's own filters and a format, saved
// under the server's file name. Loaded on the first Export click, so no list page carries it at first.
import type { ExportedList } from '@crm/domain';
import { fetchFile, saveFile } from '../../../lib/file-requests.ts';
import { listPath, type ListParams } from '../../../lib/list-query.ts';

export async function exportList(
  list: Exclude<ExportedList, 'users'>,
  filters: ListParams,
  format: 'csv' | 'xlsx',
  today: string,
): Promise<void> {
  const blob = await fetchFile(listPath(`/api/${list}/export`, { ...filters, format }));
  saveFile(blob, `${list}-export-${today}.${format}`);
}
