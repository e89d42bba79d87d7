import { HttpError, type fetchUtils } from 'react-admin';
import { ApiError, request, type RequestOptions } from '../http/client';

/** Our client's error as react-admin expects it: the server's msg as the message, status and body for checkError. */
export function toHttpError(error: unknown): unknown {
  if (!(error instanceof ApiError)) return error;
  return new HttpError(error.message, error.status, error.body ?? { msg: error.message, code: error.code });
}

/** ra-data-simple-rest's httpClient, on our HTTP client, with the area's token. */
export const raHttpClient =
  (getToken: () => string | undefined) =>
  async (url: string, options: fetchUtils.Options = {}) => {
    try {
      return await request(url, {
        method: options.method,
        body: options.body as RequestOptions['body'],
        headers: options.headers,
        token: getToken(),
      });
    } catch (error) {
      throw toHttpError(error);
    }
  };
