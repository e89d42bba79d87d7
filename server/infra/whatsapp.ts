/**
 * The WhatsApp Cloud API (Meta's Graph API): a text message from the configured business phone number.
 * POST {apiUrl}/{phoneNumberId}/messages with the access token as a Bearer token.
 */
export type WhatsAppConfig = { apiUrl: string; token?: string; phoneNumberId?: string };

/** How long the Cloud API may take to answer before the sending counts as failed. */
export const WHATSAPP_TIMEOUT_MS = 10_000;

export type WhatsAppResult = { ok: true; id: string } | { ok: false; detalle: string };

/** Whether messages go through the Cloud API (token and phone-number id set); otherwise the user opens a wa.me link. */
export const whatsAppConfigured = (config: WhatsAppConfig): config is Required<WhatsAppConfig> =>
  Boolean(config.token && config.phoneNumberId);

/** The wa.me link that opens WhatsApp with the text ready to send to `numero` (digits with the country code). */
export const whatsAppLink = (numero: string, text: string) => `https://wa.me/${numero}?text=${encodeURIComponent(text)}`;

/**
 * Sends `body` to `to` (digits with the country code). Never throws: a refusal answers the API's own error message,
 * a timeout or an unreachable API says so; the token never appears in what it answers.
 */
export async function sendWhatsAppText(
  config: Required<WhatsAppConfig>,
  to: string,
  body: string,
  options: { timeoutMs?: number } = {},
): Promise<WhatsAppResult> {
  const url = `${config.apiUrl.replace(/\/+$/, '')}/${encodeURIComponent(config.phoneNumberId)}/messages`;
  const timeoutMs = options.timeoutMs ?? WHATSAPP_TIMEOUT_MS;
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${config.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ messaging_product: 'whatsapp', to, type: 'text', text: { body } }),
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'error',
    });
    text = await response.text();
  } catch (error) {
    const name = (error as Error).name;
    if (name === 'TimeoutError' || name === 'AbortError') return { ok: false, detalle: `WhatsApp no respondió en ${timeoutMs / 1000} s` };
    return { ok: false, detalle: 'No se pudo conectar con WhatsApp' };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  if (response.ok) {
    const id = (json as { messages?: Array<{ id?: unknown }> } | undefined)?.messages?.[0]?.id;
    return typeof id === 'string' && id
      ? { ok: true, id }
      : { ok: false, detalle: `Respuesta inesperada de WhatsApp (HTTP ${response.status})` };
  }
  const error = (json as { error?: { message?: unknown; code?: unknown } } | undefined)?.error;
  const message = typeof error?.message === 'string' ? error.message.slice(0, 500) : undefined;
  const code = typeof error?.code === 'number' || typeof error?.code === 'string' ? ` (código ${error.code})` : '';
  return { ok: false, detalle: message ? `${message}${code}` : `WhatsApp respondió HTTP ${response.status}` };
}
