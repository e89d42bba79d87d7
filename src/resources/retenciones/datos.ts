import { useQuery } from '@tanstack/react-query';
import type { CodigoRetencionVigente } from '../../../domain/contratos/codigosRetencion';
import type { SustentoDisponible } from '../../../domain/contratos/retenciones';
import { esDia } from '../../../domain/fechas';
import { useAreaDataProvider } from '../../dataProvider/useAreaDataProvider';

/** The withholding codes of one tax in force on the retención's day (GET /api/codigosRetencion), read once per day. */
export function useCodigos(fecha: string, impuesto: string) {
  const dataProvider = useAreaDataProvider();
  return useQuery({
    queryKey: ['codigosRetencion', fecha, impuesto],
    queryFn: () => dataProvider.call<CodigoRetencionVigente[]>(`/api/codigosRetencion?${new URLSearchParams({ fecha, impuesto })}`),
    enabled: esDia(fecha),
    staleTime: 10 * 60_000,
  });
}

/**
 * What can be withheld (GET /api/retenciones/sustentos): a supplier's documents with no live retención, or the one a
 * «Retener» button named; with the retención's day, each with its late warning.
 */
export function useSustentos(consulta: Record<string, string | number | undefined> | undefined) {
  const dataProvider = useAreaDataProvider();
  const params = new URLSearchParams(
    Object.entries(consulta ?? {})
      .filter(([, v]) => v !== undefined && v !== '')
      .map(([k, v]) => [k, String(v)]),
  );
  return useQuery({
    queryKey: ['retenciones', 'sustentos', params.toString()],
    queryFn: () => dataProvider.call<SustentoDisponible[]>(`/api/retenciones/sustentos?${params}`),
    enabled: consulta !== undefined,
  });
}
