// The one way a route reads an uploaded file (payment evidence, a template's logo, a document's file): the
// single multipart part named 'file', its size capped by the route's multipart limits. A body that is not
// multipart, names another part, or breaks off (busboy's parse errors carry no HTTP status) is a 400 in the
// caller's words, an oversized file its size message.
import type { FastifyRequest } from 'fastify';
import { AppError } from '../plugins/errors.ts';

export type UploadMessages = { missing: () => AppError; tooLarge: () => AppError; unreadable: () => AppError };

/** The file's bytes and the name the browser gave it (only ever a hint: the server names what it stores). */
export async function uploadedNamedFile(
  request: FastifyRequest,
  messages: UploadMessages,
): Promise<{ bytes: Buffer; filename: string | undefined }> {
  if (!request.isMultipart()) throw messages.missing();
  try {
    const file = await request.file();
    if (!file || file.fieldname !== 'file') throw messages.missing();
    return { bytes: await file.toBuffer(), filename: file.filename || undefined };
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw messages.tooLarge();
    throw messages.unreadable();
  }
}

export async function uploadedFile(request: FastifyRequest, messages: UploadMessages): Promise<Buffer> {
  return (await uploadedNamedFile(request, messages)).bytes;
}
