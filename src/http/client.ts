/**
 * The one HTTP client of the web app: JSON calls here, uploads in upload.ts, downloads in download.ts.
 * It imports nothing from react-admin, because the public pages use it and have a bundle budget; the
 * react-admin data providers are built on top of it.
 */
export const API_URL: string = (import.meta.env.VITE_API_URL as string | undefined)?.replace(/\/$/, '') ?? '';
export const API_BASE = `${API_URL}/api/EmpresasAmelia`;

export const NO_CONNECTION = 'No se pudo conectar con el servidor. Revise su conexión a internet e intente nuevamente.';

/** A failed call: the HTTP status (0 when the server could not be reached) and the server's Spanish `msg`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly body?: unknown,
  ) {
    super(message);
  }
}

export type RequestOptions = { method?: string; body?: unknown; token?: string; headers?: HeadersInit };
export type RawResponse = { status: number; headers: Headers; body: string; json: unknown };

/**
 * A path under /api/EmpresasAmelia; a path of the company's clients family, which starts with /api/, under
 * the server's root; or a full URL left as it is.
 */
export const apiUrl = (path: string) =>
  /^https?:/.test(path) ? path : path.startsWith('/api/') ? `${API_URL}${path}` : `${API_BASE}${path}`;

/** The error a non-2xx answer stands for, with the server's `msg` and `code` when it sent JSON. */
export function errorFromBody(status: number, json: unknown): ApiError {
  const data = (json ?? {}) as { msg?: string; code?: string };
  return new ApiError(status, data.msg ?? `El servidor respondió ${status}`, data.code, json);
}

/** The token travels in the x-token header, never in the URL (proxies and logs keep URLs). */
function requestHeaders({ body, token, headers }: RequestOptions): Headers {
  const result = new Headers(headers);
  if (!result.has('Accept')) result.set('Accept', 'application/json');
  if (body !== undefined && !(body instanceof FormData) && !result.has('Content-Type')) result.set('Content-Type', 'application/json');
  if (token) result.set('x-token', token);
  return result;
}

/** Calls the server and returns the raw answer; a non-2xx answer throws ApiError. */
export async function send(url: string, options: RequestOptions = {}): Promise<Response> {
  const { method = 'GET', body } = options;
  const payload =
    body === undefined || body instanceof FormData || typeof body === 'string' ? (body as BodyInit | undefined) : JSON.stringify(body);
  let response: Response;
  try {
    response = await fetch(url, { method, headers: requestHeaders(options), body: payload });
  } catch {
    throw new ApiError(0, NO_CONNECTION);
  }
  if (!response.ok) throw errorFromBody(response.status, await response.json().catch(() => undefined));
  return response;
}

/** A JSON call that also hands back the headers (the react-admin lists read Content-Range). */
export async function request(url: string, options: RequestOptions = {}): Promise<RawResponse> {
  const response = await send(url, options);
  const body = await response.text();
  let json: unknown;
  try {
    json = body ? JSON.parse(body) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, body, json };
}

/** Calls /api/EmpresasAmelia{path} and returns the parsed JSON, or throws ApiError with the server's `msg`. */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await request(apiUrl(path), options)).json as T;
}
