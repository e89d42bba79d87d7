/**
 * The browser's side of the bench's calls, in a worker thread: HTTP/1.1 over one keep-alive connection on loopback,
 * each call timed from writing the request to the response's last byte.
 *
 * Written on a bare socket, not with node:http or undici: their own work (building the request, parsing the answer into
 * objects, their streams) falls inside the timed interval and adds to every call (docs/performance.md) what is neither
 * the server's own time (from Fastify's onRequest to onResponse) nor the loopback's. A browser does that work natively; the
 * bench measures the API, not its client. Bodies are returned as sent (compressed when the server compressed them).
 */
import net from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';

const { hostname, port } = new URL(workerData.base);
const HEADER_END = Buffer.from('\r\n\r\n');
const LINE_END = Buffer.from('\r\n');

let socket;
let received = Buffer.alloc(0);
/** The call in flight: one at a time on the connection. */
let current;

function connect() {
  return new Promise((resolve, reject) => {
    const opened = net.connect(Number(port), hostname, () => {
      opened.off('error', reject);
      resolve(opened);
    });
    opened.setNoDelay(true);
    opened.once('error', reject);
    opened.on('data', (chunk) => {
      received = received.length ? Buffer.concat([received, chunk]) : chunk;
      if (current) settle();
    });
    opened.on('close', () => {
      if (socket === opened) socket = undefined;
      received = Buffer.alloc(0);
      if (current) finish({ error: 'la conexión se cerró antes de la respuesta' });
    });
  });
}

/** The body of a chunked response and where it ends in `buffer`, or undefined while it is incomplete. */
function chunked(buffer, start) {
  const parts = [];
  let at = start;
  for (;;) {
    const lineEnd = buffer.indexOf(LINE_END, at);
    if (lineEnd < 0) return undefined;
    const size = parseInt(buffer.subarray(at, lineEnd).toString('latin1'), 16);
    if (size === 0) {
      const trailerEnd = buffer.indexOf(HEADER_END, lineEnd);
      return trailerEnd < 0 ? undefined : { body: Buffer.concat(parts), end: trailerEnd + 4 };
    }
    if (buffer.length < lineEnd + 2 + size + 2) return undefined;
    parts.push(buffer.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
}

/** Parses the response once it is all in `received`; leaves it there while it is not. */
function settle() {
  const headerEnd = received.indexOf(HEADER_END);
  if (headerEnd < 0) return;
  const end = process.hrtime.bigint();
  const [statusLine, ...lines] = received.subarray(0, headerEnd).toString('latin1').split('\r\n');
  const headers = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers[name] = name in headers ? `${headers[name]}, ${value}` : value;
  }
  const status = Number(statusLine.split(' ')[1]);
  let body;
  let next;
  if (/chunked/i.test(headers['transfer-encoding'] ?? '')) {
    const read = chunked(received, headerEnd + 4);
    if (!read) return;
    ({ body, end: next } = read);
  } else {
    const length = current.method === 'HEAD' || status === 204 || status === 304 ? 0 : Number(headers['content-length'] ?? 0);
    if (received.length < headerEnd + 4 + length) return;
    body = received.subarray(headerEnd + 4, headerEnd + 4 + length);
    next = headerEnd + 4 + length;
  }
  received = received.subarray(next);
  if (/close/i.test(headers.connection ?? '')) socket?.destroy();
  finish({ status, headers, body: Buffer.from(body).toString('utf8'), ms: Number(end - current.start) / 1e6 });
}

function finish(result) {
  const { id } = current;
  current = undefined;
  parentPort.postMessage({ id, ...result });
}

parentPort.on('message', async ({ id, method, target, body, token }) => {
  try {
    socket ??= await connect();
  } catch (error) {
    parentPort.postMessage({ id, error: error.message });
    return;
  }
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  const head =
    `${method} ${target} HTTP/1.1\r\nhost: ${hostname}:${port}\r\naccept: application/json\r\naccept-encoding: gzip, deflate, br\r\n` +
    (token ? `x-token: ${token}\r\n` : '') +
    (payload ? `content-type: application/json\r\ncontent-length: ${payload.length}\r\n` : '') +
    '\r\n';
  current = { id, method, start: process.hrtime.bigint() };
  socket.write(payload ? Buffer.concat([Buffer.from(head, 'latin1'), payload]) : head);
});
