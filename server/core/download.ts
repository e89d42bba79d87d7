import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** `attachment` with an ASCII fallback name and the exact name in RFC 5987 form. */
function contentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** Sends a stored file as a download that the browser neither sniffs nor caches. */
export function sendDownload(reply: FastifyReply, file: { body: Readable; ARC_NOMBRE: string; ARC_TIPO: string; ARC_TAMANO: number }) {
  return reply
    .header('Content-Type', file.ARC_TIPO)
    .header('Content-Length', file.ARC_TAMANO)
    .header('Content-Disposition', contentDisposition(file.ARC_NOMBRE))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'private, no-store')
    .send(file.body);
}
