/**
 * Online taxpayer lookup (an SRI-like service at TAXPAYER_LOOKUP_URL): GET `${url}/${ruc}` answers JSON.
 *
 * The expected answer follows the SRI's public consolidated-taxpayer query: an object, or an array whose first
 * element is the taxpayer, with `numeroRuc`, `razonSocial`, optionally `nombreComercial`, `estadoContribuyenteRuc`,
 * and (in the services that have them) `email`/`correo` and `telefono`. 404, an empty array or an empty object
 * mean "not registered". Anything else (no URL configured, connection refused, timeout, 5xx, not JSON) means the
 * service is unavailable.
 */

export type Taxpayer = { ruc: string; nombre: string; correo: string | null; telefono: string | null; estado: string | null };

export class TaxpayerUnavailable extends Error {
  constructor(reason: string) {
    super(`consulta de contribuyentes no disponible: ${reason}`);
  }
}

export type TaxpayerLookup = { find(ruc: string): Promise<Taxpayer | null> };

export const TAXPAYER_TIMEOUT_MS = 5000;

const str = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);

/** Reads one taxpayer out of the service's JSON; null when it names nobody. */
export function parseTaxpayer(body: unknown, ruc: string): Taxpayer | null {
  const item = Array.isArray(body) ? body[0] : body;
  if (!item || typeof item !== 'object') return null;
  const record = item as Record<string, unknown>;
  const nombre = str(record.razonSocial) ?? str(record.nombreComercial);
  if (!nombre) return null;
  return {
    ruc: str(record.numeroRuc) ?? ruc,
    nombre,
    correo: str(record.email) ?? str(record.correo),
    telefono: str(record.telefono),
    estado: str(record.estadoContribuyenteRuc),
  };
}

export function createTaxpayerLookup(baseUrl: string | undefined, timeoutMs = TAXPAYER_TIMEOUT_MS): TaxpayerLookup {
  return {
    async find(ruc) {
      if (!baseUrl) throw new TaxpayerUnavailable('TAXPAYER_LOOKUP_URL no está configurada');
      let response: Response;
      try {
        response = await fetch(`${baseUrl.replace(/\/+$/, '')}/${encodeURIComponent(ruc)}`, {
          headers: { accept: 'application/json' },
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        throw new TaxpayerUnavailable(error instanceof Error ? error.name : 'error de red');
      }
      if (response.status === 404) {
        await response.body?.cancel();
        return null;
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new TaxpayerUnavailable(`respuesta ${response.status}`);
      }
      let body: unknown;
      try {
        body = await response.json();
      } catch {
        throw new TaxpayerUnavailable('respuesta que no es JSON');
      }
      return parseTaxpayer(body, ruc);
    },
  };
}
