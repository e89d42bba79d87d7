import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';

export const WHATSAPP_STUB = { token: 'EAAG-token-de-pruebas', phoneNumberId: '106540352242922' } as const;
/** The Graph API version in the stand-in's paths, as in WHATSAPP_API_URL's default. */
const VERSION = 'v21.0';

/** What the stand-in answers: as Meta does, or a refusal, or nothing at all. */
export type WhatsAppStubMode = 'ok' | 'unauthorized' | 'badRequest' | 'slow';

export type WhatsAppStubRequest = { method: string; path: string; authorization: string | undefined; body: unknown };

/**
 * A stand-in for the WhatsApp Cloud API (graph.facebook.com/vXX.X) over real HTTP on 127.0.0.1 (random port):
 * POST /v21.0/{phone-number-id}/messages with `Authorization: Bearer <token>` and a JSON text message. It checks the token,
 * the phone-number id and the body the way Meta does, and answers Meta's shapes: 200 `{ messaging_product, contacts,
 * messages: [{ id: 'wamid...' }] }`, or `{ error: { message, type, code, fbtrace_id } }` with 401 (bad token, code 190)
 * or 400 (bad request, code 100; an unknown recipient, code 131026).
 */
export async function startWhatsAppStub() {
  const requests: WhatsAppStubRequest[] = [];
  let mode: WhatsAppStubMode = 'ok';
  const error = (res: http.ServerResponse, status: number, message: string, type: string, code: number) =>
    res
      .writeHead(status, { 'content-type': 'application/json' })
      .end(JSON.stringify({ error: { message, type, code, fbtrace_id: randomBytes(8).toString('base64url') } }));

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = JSON.parse(raw);
      } catch {
        body = raw;
      }
      const path = (req.url ?? '').split('?')[0];
      requests.push({ method: req.method ?? '', path, authorization: req.headers.authorization, body });
      if (mode === 'slow') return undefined;
      if (mode === 'unauthorized' || req.headers.authorization !== `Bearer ${WHATSAPP_STUB.token}`) {
        return error(res, 401, 'Error validating access token: Session has expired.', 'OAuthException', 190);
      }
      if (mode === 'badRequest') return error(res, 400, '(#131030) Recipient phone number not in allowed list', 'OAuthException', 131030);
      if (req.method !== 'POST' || path !== `/${VERSION}/${WHATSAPP_STUB.phoneNumberId}/messages`) {
        return error(res, 400, 'Unsupported post request.', 'GraphMethodException', 100);
      }
      const message = body as { messaging_product?: unknown; to?: unknown; type?: unknown; text?: { body?: unknown } };
      if (message?.messaging_product !== 'whatsapp') {
        return error(res, 400, '(#100) The parameter messaging_product is required.', 'OAuthException', 100);
      }
      if (typeof message.to !== 'string' || !/^\d{8,15}$/.test(message.to)) {
        return error(res, 400, '(#131026) Message undeliverable', 'OAuthException', 131026);
      }
      if (message.type !== 'text' || typeof message.text?.body !== 'string' || !message.text.body) {
        return error(res, 400, '(#100) Param text[body] is required', 'OAuthException', 100);
      }
      const wamid = `wamid.${Buffer.from(`${message.to}:${randomBytes(12).toString('hex')}`).toString('base64')}`;
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          messaging_product: 'whatsapp',
          contacts: [{ input: message.to, wa_id: message.to }],
          messages: [{ id: wamid }],
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    /** As WHATSAPP_API_URL: the Graph API's versioned root. */
    url: `http://127.0.0.1:${port}/${VERSION}`,
    requests,
    setMode(next: WhatsAppStubMode) {
      mode = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
