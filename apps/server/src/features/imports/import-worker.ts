// The import worker: reads one uploaded file for one request, in a thread of its own with a memory cap
// (import-reader.ts starts it and ends it), so that a file built to exhaust memory ends this thread, not
// the server. It first tells the file's type (or why it is refused), then answers each request for rows
// with the next batch of one pass over the file; a request for a new pass starts again from the top (an
// import reads the file up to three times). Run as TypeScript by whatever runs the server (tsx, whose
// loader the thread inherits, or Node's own type stripping under the tests), so this file and what it
// imports keep to syntax that can simply be erased.
import { parentPort, workerData } from 'node:worker_threads';
import { type FileRow, fileRows, type ImportFileType, type ReadableFile, readableFile } from './import-file.ts';
import { FileRefused, type ReadLimits, type RefusalReason } from './import-limits.ts';

export type ImportWorkerData = { bytes: Uint8Array; limits: ReadLimits };
export type RowsRequest = { pass: number };
export type Refusal = { refused: RefusalReason; row?: number };
export type WorkerReply = { ready: ImportFileType } | Refusal | { pass: number; rows: FileRow[]; done: boolean };

/** A batch: enough rows to make the round trip cheap, few enough characters to keep the copy small. */
const BATCH_ROWS = 500;
const BATCH_CHARACTERS = 1_000_000;

const port = parentPort!;
const { bytes, limits } = workerData as ImportWorkerData;
const reply = (message: WorkerReply) => port.postMessage(message);
const refusal = (error: unknown): Refusal =>
  error instanceof FileRefused ? { refused: error.reason, row: error.row } : { refused: 'unreadable' };

let file: ReadableFile | undefined;
try {
  file = await readableFile(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), limits);
  reply({ ready: file.type });
} catch (error) {
  reply(refusal(error));
}

let current: { pass: number; rows: AsyncGenerator<FileRow> } | undefined;
let answering = Promise.resolve();
port.on('message', (request: RowsRequest) => {
  answering = answering.then(() => answer(request));
});

async function answer({ pass }: RowsRequest) {
  if (!file) return;
  if (current?.pass !== pass) {
    await current?.rows.return(undefined);
    current = { pass, rows: fileRows(file, limits) };
  }
  const rows: FileRow[] = [];
  let characters = 0;
  try {
    while (rows.length < BATCH_ROWS && characters < BATCH_CHARACTERS) {
      const next = await current.rows.next();
      if (next.done) return reply({ pass, rows, done: true });
      rows.push(next.value);
      for (const cell of next.value.cells) characters += cell.length;
    }
    reply({ pass, rows, done: false });
  } catch (error) {
    reply(refusal(error));
  }
}
