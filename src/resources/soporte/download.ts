import { API_BASE } from '../../dataProvider/http';
import { adminSession } from '../../authProvider/session';

/**
 * Downloads an attachment with the admin token in the x-token header (never in the URL, where proxies and
 * logs would keep it) and hands it to the browser under its original name.
 */
export async function downloadAttachment(ticketId: number, side: 'Cli' | 'Ase', fileName: string) {
  const response = await fetch(`${API_BASE}/soporte/descarga${side}/${ticketId}`, { headers: { 'x-token': adminSession.get()?.token ?? '' } });
  if (!response.ok) {
    const data = await response.json().catch(() => ({}));
    throw Object.assign(new Error(data.msg ?? `El servidor respondió ${response.status}`), { status: response.status });
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export async function uploadAdviserFile(ticketId: number, file: File): Promise<string> {
  const body = new FormData();
  body.append('current', file);
  const response = await fetch(`${API_BASE}/soporte/docAse/${ticketId}`, { method: 'POST', body, headers: { 'x-token': adminSession.get()?.token ?? '' } });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw Object.assign(new Error(data.msg ?? `El servidor respondió ${response.status}`), { status: response.status });
  return data.msg;
}
