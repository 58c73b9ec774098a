// The mail servers tests start on 127.0.0.1 (smtp-server) to receive what the app sends.
import type { SMTPServerOptions, SMTPServerSession } from 'smtp-server';

/** An `onData` that reads each whole message and gives it, as text, with the session it came in, to `keep`. */
export const keepEachMessage =
  (keep: (data: string, session: SMTPServerSession) => void): NonNullable<SMTPServerOptions['onData']> =>
  (stream, session, callback) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      keep(Buffer.concat(chunks).toString('utf8'), session);
      callback();
    });
  };
