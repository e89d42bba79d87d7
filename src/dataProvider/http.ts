/**
 * The one HTTP client of the web app (public pages and both areas). It must not import react-admin:
 * public pages use it and have a bundle budget.
 */
export const API_URL: string = (import.meta.env.VITE_API_URL as string | undefined)?.replace(/\/$/, '') ?? '';
export const API_BASE = `${API_URL}/api/EmpresasAmelia`;

export class ApiError extends Error {
  constructor(readonly status: number, message: string, readonly code?: string) {
    super(message);
  }
}

type RequestOptions = { method?: string; body?: unknown; token?: string; signal?: AbortSignal };

/** Calls the API; returns the parsed JSON or throws ApiError with the server's Spanish `msg`. */
export async function api<T>(path: string, { method = 'GET', body, token, signal }: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  if (token) headers['x-token'] = token;
  let response: Response;
  try {
    response = await fetch(path.startsWith('http') ? path : `${API_BASE}${path}`, { method, headers, body: payload, signal });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'No se pudo conectar con el servidor. Revise su conexión a internet e intente nuevamente.');
  }
  const data = await response.json().catch(() => undefined);
  if (!response.ok) {
    throw new ApiError(response.status, data?.msg ?? `El servidor respondió ${response.status}`, data?.code);
  }
  return data as T;
}
