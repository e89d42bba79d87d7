import type { DataProvider, RaRecord } from 'react-admin';
import simpleRestProvider from 'ra-data-simple-rest';
import { api, API_BASE, apiUrl, type RequestOptions } from '../http/client';
import { areaResources, type Area, type ResourceEntry } from '../registry/resources';
import { download, fetchBlob } from '../http/download';
import { upload, type UploadProgress } from '../http/upload';
import { raHttpClient, toHttpError } from './raHttpClient';
import { ESTIMATED_TOTAL_HEADER } from '../../domain/listas';

/** The data provider of an area, plus the API's calls that are not a resource's CRUD, with the area's token. */
export type AreaDataProvider = DataProvider & {
  call<T>(path: string, options?: Omit<RequestOptions, 'token'>): Promise<T>;
  /** `fields` go before the file in the multipart body; the file goes in `field` (default `current`). */
  upload<T = { msg: string }>(
    path: string,
    file: File,
    onProgress: UploadProgress,
    fields?: Record<string, string>,
    field?: string,
  ): Promise<T>;
  download(path: string, fallbackName: string): Promise<void>;
  /** A file's bytes to show in the page (an image), with the area's token. */
  blob(path: string): Promise<Blob>;
};

/**
 * react-admin's resources mapped onto the API by the registry: each resource's path, id field, fixed list
 * query and update path. Requests follow ra-data-simple-rest (range, sort, filter; total in Content-Range).
 */
/** Our client's errors as react-admin's, so that checkError sees the status. */
const withHttpError = <T>(promise: Promise<T>) =>
  promise.catch((error) => {
    throw toHttpError(error);
  });

export function createDataProvider(area: Area, getToken: () => string | undefined): AreaDataProvider {
  const httpClient = raHttpClient(getToken);
  const base = simpleRestProvider(API_BASE, httpClient);
  const config = (resource: string): ResourceEntry => {
    const found = areaResources(area).find((r) => r.name === resource);
    if (!found) throw new Error(`Recurso desconocido: ${resource}`);
    return found;
  };
  const withId = (resource: string, row: Record<string, unknown>) => ({ ...row, id: row[config(resource).key] }) as RaRecord;
  /** A registry path is relative to /api/EmpresasAmelia, or starts with /api/ (the clients family). */
  const urlOf = (path: string) => apiUrl(path.startsWith('/') ? path : `/${path}`);
  const withKey = (path: string, id?: unknown) => urlOf(`${path}${id === undefined ? '' : `/${encodeURIComponent(String(id))}`}`);
  /** Where create, update and delete go: the resource's writePath when it has one (the plan catalogue), else its path. */
  const writeUrl = (resource: string, id?: unknown) => {
    const { path, writePath = path } = config(resource);
    return withKey(writePath, id);
  };

  return {
    async getList(resource, params) {
      const { path, key, listQuery } = config(resource);
      const { field = key, order = 'ASC' } = params.sort ?? {};
      const { page = 1, perPage = 25 } = params.pagination ?? {};
      const query = new URLSearchParams({
        ...listQuery,
        sort: JSON.stringify([field === 'id' ? key : field, order]),
        range: JSON.stringify([(page - 1) * perPage, page * perPage - 1]),
        filter: JSON.stringify(params.filter ?? {}),
      });
      const { json, headers } = await httpClient(`${urlOf(path)}?${query}`);
      const rows = json as Record<string, unknown>[];
      const total = Number(headers.get('Content-Range')?.split('/').pop());
      // Past EXACT_TOTAL the total is an estimate: the list's pagination says "más de 10 000" (src/shell/ListPagination).
      const meta = headers.get(ESTIMATED_TOTAL_HEADER) === '1' ? { totalEstimado: true } : undefined;
      return { data: rows.map((row) => withId(resource, row)), total: Number.isFinite(total) ? total : rows.length, meta };
    },
    async getOne(resource, params) {
      const { json } = await httpClient(withKey(config(resource).path, params.id));
      return { data: withId(resource, json as Record<string, unknown>) };
    },
    async getMany(resource, params) {
      const { data } = await this.getList(resource, {
        filter: { id: params.ids },
        pagination: { page: 1, perPage: params.ids.length || 1 },
        sort: { field: 'id', order: 'ASC' },
      });
      return { data };
    },
    async getManyReference(resource, params) {
      const result = await base.getManyReference(config(resource).path, params);
      return { ...result, data: result.data.map((row) => withId(resource, row)) };
    },
    async create(resource, params) {
      const { json } = await httpClient(writeUrl(resource), { method: 'POST', body: JSON.stringify(params.data) });
      return { data: withId(resource, json as Record<string, unknown>) };
    },
    async update(resource, params) {
      const { key, updatePath } = config(resource);
      // The record's own key (a number) goes in the body; the route's id is only text.
      const { id: _id, ...data } = params.data as Record<string, unknown>;
      const url = updatePath ? urlOf(updatePath) : writeUrl(resource, params.id);
      const { json } = await httpClient(url, {
        method: 'PUT',
        body: JSON.stringify(updatePath ? { ...data, [key]: data[key] ?? params.id } : data),
      });
      return { data: withId(resource, json as Record<string, unknown>) };
    },
    async updateMany(resource, params) {
      await Promise.all(params.ids.map((id) => this.update(resource, { id, data: params.data, previousData: {} as RaRecord })));
      return { data: params.ids };
    },
    async delete(resource, params) {
      const { json } = await httpClient(writeUrl(resource, params.id), { method: 'DELETE' });
      // The server's Spanish answer travels with the record (the catalogue says whether a plan was deleted or retired).
      const msg = (json as { msg?: unknown } | undefined)?.msg;
      return { data: { ...params.previousData, ...(typeof msg === 'string' ? { msg } : {}) } as RaRecord };
    },
    async deleteMany(resource, params) {
      await Promise.all(params.ids.map((id) => httpClient(writeUrl(resource, id), { method: 'DELETE' })));
      return { data: params.ids };
    },
    call: (path, options = {}) => withHttpError(api(path, { ...options, token: getToken() })),
    upload: (path, file, onProgress, fields, field) => withHttpError(upload(path, file, { token: getToken(), onProgress, fields, field })),
    download: (path, fallbackName) => withHttpError(download(path, { token: getToken(), fallbackName })),
    blob: (path) => withHttpError(fetchBlob(path, { token: getToken() })),
  } as AreaDataProvider;
}
