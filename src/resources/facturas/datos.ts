import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { PuntoEmisionFactura } from '../../../domain/contratos/facturas';
import { useAreaDataProvider } from '../../dataProvider/useAreaDataProvider';

/** The establishments and emission points the user may invoice from, read once per five minutes. */
export function usePuntos() {
  const dataProvider = useAreaDataProvider();
  return useQuery({
    queryKey: ['facturas', 'puntos'],
    queryFn: () => dataProvider.call<PuntoEmisionFactura[]>('/api/facturas/puntos'),
    staleTime: 5 * 60_000,
  });
}

/** A value that follows `value` once it has stopped changing for `ms` (a search typed letter by letter). */
export function useDebounced<T>(value: T, ms = 250): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** A product or service of the company's catalogue, as the invoice line takes it. */
export type Producto = {
  CAT_CODIGO: number;
  CAT_PRINCIPAL: string;
  CAT_AUXILIAR?: string | null;
  CAT_DESCRIPCION: string;
  CAT_PRECIO: string;
  CAT_IVA: string;
  CAT_ICE_CODIGO?: string | null;
  CAT_ICE_TARIFA?: string | null;
  CAT_ACTIVO?: boolean;
};

/** The active products whose code or name matches what the user typed (10 at most). */
export function useProductos(q: string, enabled: boolean) {
  const dataProvider = useDataProvider();
  const buscado = useDebounced(q.trim());
  return useQuery({
    queryKey: ['catalogo', 'buscar', buscado],
    queryFn: async () => {
      const { data } = await dataProvider.getList('catalogo', {
        filter: { ...(buscado ? { q: buscado } : {}), CAT_ACTIVO: true },
        pagination: { page: 1, perPage: 10 },
        sort: { field: 'CAT_DESCRIPCION', order: 'ASC' },
      });
      return data as unknown as Producto[];
    },
    enabled,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}
