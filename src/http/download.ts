import { apiUrl, send } from './client';

/**
 * The file name a Content-Disposition header gives: the RFC 5987 `filename*` (UTF-8, percent-encoded) when
 * present, since it keeps accents and ñ, else the plain `filename`; null when the header names no file.
 */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended) {
    try {
      return decodeURIComponent(extended[2].trim().replace(/^"|"$/g, ''));
    } catch {
      // A malformed encoding: fall back to the plain name.
    }
  }
  const plain = /filename\s*=\s*("((?:[^"\\]|\\.)*)"|[^;]+)/i.exec(header);
  if (!plain) return null;
  return plain[2] !== undefined ? plain[2].replace(/\\(.)/g, '$1') : plain[1].trim();
}

/**
 * Downloads a file with the token in the x-token header (never in the URL, where proxies and logs would keep
 * it) and hands it to the browser under the name the server gives, or `fallbackName`.
 */
export async function download(path: string, { token, fallbackName }: { token?: string; fallbackName: string }): Promise<void> {
  const response = await send(apiUrl(path), { token, headers: { Accept: '*/*' } });
  const name = fileNameFromDisposition(response.headers.get('Content-Disposition')) ?? fallbackName;
  saveBlob(await response.blob(), name);
}

/** Hands bytes to the browser as a file named `name` (its blob URL outlives the click by a few seconds). */
export function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A file's bytes, fetched with the token in the x-token header: an image to show (from a blob URL), not a file to save. */
export async function fetchBlob(path: string, { token }: { token?: string }): Promise<Blob> {
  return (await send(apiUrl(path), { token, headers: { Accept: '*/*' } })).blob();
}
