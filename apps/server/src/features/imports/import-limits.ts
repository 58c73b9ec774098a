// The limits an import file is read within, and the refusal when it goes past one. Used inside the import
// worker (import-worker.ts), which sends the refusal's reason to the server; the server answers with the
// import's message for it (import-reader.ts). The worker loads no domain code (it would add ~0.4 s to every
// import), so the domain appears here only in types, erased at run time: `import type`, never `{ type … }`,
// which would still load the module.
import type { IMPORT_MESSAGES } from '@crm/domain';

export type ReadLimits = {
  rows: number;
  columns: number;
  cellCharacters: number;
  textCharacters: number;
  workbookParts: number;
  unpackedBytes: number;
  packingRatio: number;
};

export type RefusalReason = keyof Pick<
  typeof IMPORT_MESSAGES,
  | 'fileEmpty'
  | 'fileType'
  | 'unreadable'
  | 'tooManyRows'
  | 'tooManyColumns'
  | 'cellTooLong'
  | 'tooMuchText'
  | 'tooManyParts'
  | 'unpackedTooLarge'
  | 'packedTooTightly'
>;

export class FileRefused extends Error {
  readonly reason: RefusalReason;
  /** The row at fault, where the message names one. */
  readonly row: number | undefined;
  constructor(reason: RefusalReason, row?: number) {
    super(reason);
    this.reason = reason;
    this.row = row;
  }
}
