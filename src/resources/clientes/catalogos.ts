import { useQuery } from '@tanstack/react-query';
import type { GrupoCliente, TipoCliente, TipoJuridico, Vendedor } from './tipos';
import { useAreaDataProvider } from '../../dataProvider/useAreaDataProvider';

const LARGO = 5 * 60_000;

/** The lists the clients' screens choose from, each read once and kept five minutes. */
function useCatalogo<T>(key: string[], path: string, enabled = true) {
  const dataProvider = useAreaDataProvider();
  return useQuery({ queryKey: ['clientes', ...key], queryFn: () => dataProvider.call<T[]>(path), staleTime: LARGO, enabled });
}

export const useTiposCliente = () => useCatalogo<TipoCliente>(['tipos'], '/api/tipoClientes');
export const useGrupos = () => useCatalogo<GrupoCliente>(['grupos'], '/api/grupoClientes');
export const useVendedores = () => useCatalogo<Vendedor>(['vendedores'], '/api/clientes/vendedores');
export const useTiposJuridicos = (tipo: string | undefined) =>
  useCatalogo<TipoJuridico>(['tiposJuridicos', tipo ?? ''], `/api/tipJuridica/${encodeURIComponent(tipo ?? '')}`, Boolean(tipo));

/** A name from a list by its code, or null. */
export function nombreDe<T>(list: T[] | undefined, code: number | null | undefined, key: keyof T, name: keyof T): string | null {
  if (code === null || code === undefined) return null;
  const found = list?.find((item) => item[key] === code);
  return found ? String(found[name]) : null;
}
