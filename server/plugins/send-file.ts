import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** A Content-Disposition header for an attachment, ASCII fallback plus RFC 5987 UTF-8 name. */
export function attachmentHeader(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/[\\"]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * A patient's file as an answer: its stored type, never sniffed, never cached; a download
 * (`attachmentName`) or an image shown in the page.
 */
export function sendFile(
  reply: FastifyReply,
  file: { mimeType: string; content: Readable; attachmentName?: string; sizeBytes?: number },
) {
  reply
    .header('content-type', file.mimeType)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store');
  if (file.sizeBytes !== undefined) reply.header('content-length', file.sizeBytes);
  if (file.attachmentName) {
    reply.header('content-disposition', attachmentHeader(file.attachmentName));
  }
  return reply.send(file.content);
}
