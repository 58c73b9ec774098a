// How every PDF leaves the server (invoices, receipts, contracts): inline to print, or as a download with
// ?download=1; never cached, since it shows the document as it is now.
import type { FastifyReply } from 'fastify';
import { z } from 'zod';

export type PdfFile = { bytes: Buffer; fileName: string };

export const pdfQuery = z.object({
  download: z
    .enum(['0', '1', 'true', 'false'])
    .optional()
    .describe('1: as an attachment (Download PDF); otherwise shown in the browser (Print)'),
});

export const pdfResponse = z.any().meta({ description: 'The PDF file', format: 'binary' });

export function sendPdf(reply: FastifyReply, file: PdfFile, download: string | undefined) {
  const disposition = download === '1' || download === 'true' ? 'attachment' : 'inline';
  return reply
    .type('application/pdf')
    .header('content-disposition', `${disposition}; filename="${file.fileName}"`)
    .header('cache-control', 'no-store')
    .send(file.bytes);
}
