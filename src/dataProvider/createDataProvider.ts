import { fetchUtils, HttpError, type DataProvider, type RaRecord } from 'react-admin';
import simpleRestProvider from 'ra-data-simple-rest';
import { API_BASE, api } from './http';

/**
 * How a react-admin resource maps onto the spec's paths: `path` under /api/EmpresasAmelia, `key` the
 * entity's id field (EMP_CODIGO, SPT_ID...). `wholeList` resources come back as one array and are paged
 * here; `updatePath` replaces PUT {path}/{id} (e.g. configuraciones/actualizar).
 */
export type ResourceMap = Record<string, { path: string; key: string; wholeList?: boolean; updatePath?: string; listQuery?: Record<string, string> }>;

type MenuEntry = { MEN_CODIGO: number; MEN_NOMBRE: string; MEN_RUTA: string; MEN_ICONO: string };
export type AreaDataProvider = DataProvider & { getMenu(): Promise<MenuEntry[]>; call<T>(path: string, options?: { method?: string; body?: unknown }): Promise<T> };

function compare(a: unknown, b: unknown) {
  return String(a ?? '').localeCompare(String(b ?? ''), 'es', { numeric: true });
}

export function createDataProvider(getToken: () => string | undefined, resources: ResourceMap, getMenu: (call: AreaDataProvider['call']) => Promise<MenuEntry[]>): AreaDataProvider {
  const httpClient = async (url: string, options: fetchUtils.Options = {}) => {
    const headers = new Headers(options.headers ?? { Accept: 'application/json' });
    const token = getToken();
    if (token) headers.set('x-token', token);
    try {
      return await fetchUtils.fetchJson(url, { ...options, headers });
    } catch (error) {
      const e = error as HttpError;
      throw new HttpError((e.body as { msg?: string })?.msg ?? e.message, e.status, e.body);
    }
  };
  const base = simpleRestProvider(API_BASE, httpClient);
  const config = (resource: string) => {
    const found = resources[resource];
    if (!found) throw new Error(`Recurso desconocido: ${resource}`);
    return found;
  };
  const withId = (resource: string, row: Record<string, unknown>) => ({ ...row, id: row[config(resource).key] }) as RaRecord;

  const call: AreaDataProvider['call'] = async (path, options = {}) => {
    try {
      return await api(path, { ...options, token: getToken() });
    } catch (error) {
      const e = error as { status: number; message: string; code?: string };
      throw new HttpError(e.message, e.status, { msg: e.message, code: e.code });
    }
  };

  return {
    async getList(resource, params) {
      const { path, key, wholeList, listQuery } = config(resource);
      const { field = key, order = 'ASC' } = params.sort ?? {};
      const { page = 1, perPage = 25 } = params.pagination ?? {};
      if (wholeList) {
        const { json } = await httpClient(`${API_BASE}/${path}`);
        let rows = (json as Record<string, unknown>[]).map((row) => withId(resource, row));
        const q = String(params.filter?.q ?? '').toLowerCase();
        if (q) rows = rows.filter((row) => Object.values(row).some((v) => String(v ?? '').toLowerCase().includes(q)));
        rows.sort((a, b) => (order === 'ASC' ? 1 : -1) * compare(a[field], b[field]));
        return { data: rows.slice((page - 1) * perPage, page * perPage), total: rows.length };
      }
      // ra-data-simple-rest's query format, plus the resource's fixed query (e.g. all=1).
      const query = new URLSearchParams({
        ...listQuery,
        sort: JSON.stringify([field === 'id' ? key : field, order]),
        range: JSON.stringify([(page - 1) * perPage, page * perPage - 1]),
        filter: JSON.stringify(params.filter ?? {}),
      });
      const { json, headers } = await httpClient(`${API_BASE}/${path}?${query}`);
      const total = Number(headers.get('Content-Range')?.split('/').pop());
      return { data: (json as Record<string, unknown>[]).map((row) => withId(resource, row)), total: Number.isFinite(total) ? total : (json as unknown[]).length };
    },
    async getOne(resource, params) {
      const { data } = await base.getOne(config(resource).path, params);
      return { data: withId(resource, data) };
    },
    async getMany(resource, params) {
      const { data } = await this.getList(resource, { filter: { id: params.ids }, pagination: { page: 1, perPage: params.ids.length || 1 }, sort: { field: 'id', order: 'ASC' } });
      return { data };
    },
    async getManyReference(resource, params) {
      const result = await base.getManyReference(config(resource).path, params);
      return { ...result, data: result.data.map((row) => withId(resource, row)) };
    },
    async create(resource, params) {
      const { json } = await httpClient(`${API_BASE}/${config(resource).path}`, { method: 'POST', body: JSON.stringify(params.data) });
      return { data: withId(resource, json) };
    },
    async update(resource, params) {
      const { path, key, updatePath } = config(resource);
      const { id: _id, ...data } = params.data as Record<string, unknown>;
      const url = updatePath ? `${API_BASE}/${updatePath}` : `${API_BASE}/${path}/${encodeURIComponent(String(params.id))}`;
      const { json } = await httpClient(url, { method: 'PUT', body: JSON.stringify(updatePath ? { ...data, [key]: params.id } : data) });
      return { data: withId(resource, json) };
    },
    async updateMany(resource, params) {
      await Promise.all(params.ids.map((id) => this.update(resource, { id, data: params.data, previousData: {} as RaRecord })));
      return { data: params.ids };
    },
    async delete(resource, params) {
      await httpClient(`${API_BASE}/${config(resource).path}/${encodeURIComponent(String(params.id))}`, { method: 'DELETE' });
      return { data: params.previousData as RaRecord };
    },
    async deleteMany(resource, params) {
      await Promise.all(params.ids.map((id) => httpClient(`${API_BASE}/${config(resource).path}/${encodeURIComponent(String(id))}`, { method: 'DELETE' })));
      return { data: params.ids };
    },
    call,
    getMenu: () => getMenu(call),
  } as AreaDataProvider;
}
