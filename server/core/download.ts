import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** A file the API sends: the name it is saved under, its media type, its bytes (or a stream) and, when known, its size. */
type SentFile = {
  name: string;
  type: string;
  body: Buffer | string | Readable;
  /** Bytes of a stream; a Buffer or string body is measured here. */
  size?: number;
  /** Shown in place (an image) rather than saved: Content-Disposition inline. */
  inline?: boolean;
  /** Cache-Control; a download is private and never cached unless its route says otherwise. */
  cache?: string;
};

/**
 * Content-Disposition (RFC 6266) with an ASCII fallback `filename` for old clients and the exact name as RFC 5987
 * `filename*` (UTF-8, percent-encoded: `'()*` too, which RFC 5987 does not allow bare).
 */
function contentDisposition(name: string, inline = false): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${inline ? 'inline' : 'attachment'}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/**
 * Sends a file (an XML, a RIDE, a report, a template, an export, a stored attachment or image): every route that sends
 * one goes through here, so each has the same Content-Type, Content-Disposition, Content-Length when known, no sniffing
 * and no caching unless the route asks for it.
 */
export function sendFile(reply: FastifyReply, file: SentFile) {
  const size =
    file.size ?? (typeof file.body === 'string' ? Buffer.byteLength(file.body) : Buffer.isBuffer(file.body) ? file.body.length : undefined);
  reply.header('Content-Type', file.type).header('Content-Disposition', contentDisposition(file.name, file.inline));
  if (size !== undefined) reply.header('Content-Length', size);
  return reply
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', file.cache ?? 'private, no-store')
    .send(file.body);
}

/** A file from the file store (files.open) as sendFile takes it. */
export const storedFile = (stored: { body: Readable; ARC_NOMBRE: string; ARC_TIPO: string; ARC_TAMANO: number }): SentFile => ({
  name: stored.ARC_NOMBRE,
  type: stored.ARC_TIPO,
  size: stored.ARC_TAMANO,
  body: stored.body,
});
