// An uploaded import file, read in a worker thread of its own (import-worker.ts) whose memory is capped, so
// that a file built to exhaust memory — a workbook unpacking to gigabytes, XML nested millions deep —
// fails its own request with a 400 in the import's words while the server goes on answering. At most two
// files are read at once, so two workers' memory is the most imports can add to the server's; a request
// takes its turn before it touches the database and keeps it until it is done, so a request waiting for a
// turn holds nothing an import with a turn could be waiting for (docs/decisions/0030).
import { Worker } from 'node:worker_threads';
import {
  IMPORT_MAX_CELL_CHARACTERS,
  IMPORT_MAX_COLUMNS,
  IMPORT_MAX_PACKING_RATIO,
  IMPORT_MAX_ROWS,
  IMPORT_MAX_TEXT_CHARACTERS,
  IMPORT_MAX_UNPACKED_BYTES,
  IMPORT_MAX_WORKBOOK_PARTS,
  IMPORT_MESSAGES,
} from '@crm/domain';
import { AppError } from '../../plugins/errors.ts';
import type { FileRow, ImportFileType } from './import-file.ts';
import type { ReadLimits } from './import-limits.ts';
import type { ImportWorkerData, Refusal, RowsRequest, WorkerReply } from './import-worker.ts';

export type { FileRow, ImportFileType };

export const refuseFile = (message: string) => new AppError('VALIDATION_FAILED', message, { file: [message] });

const READ_LIMITS: ReadLimits = {
  rows: IMPORT_MAX_ROWS,
  columns: IMPORT_MAX_COLUMNS,
  cellCharacters: IMPORT_MAX_CELL_CHARACTERS,
  textCharacters: IMPORT_MAX_TEXT_CHARACTERS,
  workbookParts: IMPORT_MAX_WORKBOOK_PARTS,
  unpackedBytes: IMPORT_MAX_UNPACKED_BYTES,
  packingRatio: IMPORT_MAX_PACKING_RATIO,
};

const FILES_READ_AT_ONCE = 2;
/**
 * A worker's JavaScript heap. The largest file the limits allow that a firm could mean — 50,000 clients,
 * every column filled, every cell different — needs about 200 MB while its shared strings are held.
 */
const WORKER_RESOURCES = { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32 };

export type ImportFile = {
  type: ImportFileType;
  /** One pass over the rows, header first; each call starts again from the top. */
  rows(): AsyncGenerator<FileRow>;
  /** Ends the worker and gives up the turn: call it once the request is done with the file. */
  close(): Promise<void>;
};

const turns = turnsOf(FILES_READ_AT_ONCE);

/** The file's type told and a workbook's zip checked, in a worker that then reads it on request. */
export async function openImportFile(bytes: Buffer): Promise<ImportFile> {
  const release = await turns.take();
  // A copy of just these bytes, handed over rather than copied again.
  const copy = new Uint8Array(bytes);
  let worker: Worker;
  try {
    worker = new Worker(new URL('./import-worker.ts', import.meta.url), {
      workerData: { bytes: copy, limits: READ_LIMITS } satisfies ImportWorkerData,
      transferList: [copy.buffer],
      resourceLimits: WORKER_RESOURCES,
    });
  } catch (error) {
    release();
    throw error;
  }

  let answered = false;
  let closing = false;
  let failure: Error | undefined;
  let waiting: { resolve: (reply: WorkerReply) => void; reject: (error: Error) => void } | undefined;
  const fail = (error: Error) => {
    failure ??= error;
    waiting?.reject(failure);
    waiting = undefined;
  };
  worker.on('message', (reply: WorkerReply) => {
    answered = true;
    const w = waiting;
    waiting = undefined;
    w?.resolve(reply);
  });
  worker.on('error', (error) => fail(workerFailure(error, answered)));
  worker.on('exit', () => {
    if (!closing) fail(answered ? refuseFile(IMPORT_MESSAGES.unreadable) : new Error('The import worker stopped'));
  });
  const nextReply = () =>
    failure
      ? Promise.reject(failure)
      : new Promise<WorkerReply>((resolve, reject) => {
          waiting = { resolve, reject };
        });

  let closed: Promise<void> | undefined;
  const close = () =>
    (closed ??= (async () => {
      closing = true;
      await worker.terminate();
      release();
    })());

  let first: WorkerReply;
  try {
    first = await nextReply();
  } catch (error) {
    await close();
    throw error;
  }
  if (!('ready' in first)) {
    await close();
    throw refusalError(first as Refusal);
  }

  let passes = 0;
  async function* rows(): AsyncGenerator<FileRow> {
    const pass = ++passes;
    for (;;) {
      if (pass !== passes) throw new Error('An import file is read one pass at a time');
      worker.postMessage({ pass } satisfies RowsRequest);
      const reply = await nextReply();
      if ('refused' in reply) throw refusalError(reply);
      if (!('pass' in reply) || reply.pass !== pass) throw new Error('The import worker answered out of turn');
      yield* reply.rows;
      if (reply.done) return;
    }
  }
  return { type: first.ready, rows, close };
}

function refusalError({ refused, row }: Refusal): AppError {
  return refuseFile(refused === 'cellTooLong' ? IMPORT_MESSAGES.cellTooLong(row ?? 0) : IMPORT_MESSAGES[refused]);
}

/**
 * Out of memory: the file is more than an import may read. Any other failure once the worker has begun
 * reading is the file's doing (a parser thrown off by it); before that, the worker itself failed to start.
 */
function workerFailure(error: Error, reading: boolean): Error {
  if ((error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY') return refuseFile(IMPORT_MESSAGES.tooComplex);
  return reading ? refuseFile(IMPORT_MESSAGES.unreadable) : error;
}

/** Turns to read a file, first come first served. */
function turnsOf(count: number) {
  let free = count;
  const queue: (() => void)[] = [];
  return {
    async take(): Promise<() => void> {
      if (free > 0) free -= 1;
      else await new Promise<void>((resolve) => queue.push(resolve));
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const next = queue.shift();
        if (next) next();
        else free += 1;
      };
    },
  };
}
