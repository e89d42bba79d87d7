import { ApiError, apiUrl, errorFromBody, NO_CONNECTION } from './client';

/** Share of the file sent so far, 0 to 1. */
export type UploadProgress = (fraction: number) => void;

type UploadOptions = {
  token?: string;
  onProgress?: UploadProgress;
  field?: string;
  /** Text fields, sent BEFORE the file so that the server checks them before it stores the file. */
  fields?: Record<string, string>;
};

/**
 * Sends one file as multipart/form-data (field `current`, as the server expects) and returns the JSON answer.
 * XMLHttpRequest rather than fetch: fetch reports no upload progress, and the attachments reach 50 MB.
 */
export function upload<T = { msg: string }>(
  path: string,
  file: File,
  { token, onProgress, field = 'current', fields = {} }: UploadOptions = {},
): Promise<T> {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  body.append(field, file);
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl(path));
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('x-token', token);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      let json: unknown;
      try {
        json = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        json = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(1);
        resolve(json as T);
      } else reject(errorFromBody(xhr.status, json));
    };
    xhr.onerror = () => reject(new ApiError(0, NO_CONNECTION));
    onProgress?.(0);
    xhr.send(body);
  });
}
