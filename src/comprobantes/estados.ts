import { useQuery } from '@tanstack/react-query';
import {
  ESTADOS_CORREGIBLES,
  ESTADOS_FACTURA,
  ESTADOS_PENDIENTES,
  type EntregaFactura,
  type EstadoFactura,
} from '../../domain/comprobantes/estados';
import type { FacturasEstados } from '../../domain/contratos/facturas';
import { useAreaDataProvider } from '../dataProvider/useAreaDataProvider';

/** A document's states as the screens group them (domain/comprobantes/estados.ts): the same for invoices and notes. */
export const ESTADOS: readonly EstadoFactura[] = ESTADOS_FACTURA;
export const PENDIENTES: readonly EstadoFactura[] = ESTADOS_PENDIENTES;
export const CORREGIBLES: readonly EstadoFactura[] = ESTADOS_CORREGIBLES;
/** The SRI's authorized XML exists: AUTORIZADA, and ANULADA after it. */
const CON_AUTORIZACION: readonly EstadoFactura[] = ['AUTORIZADA', 'ANULADA'];

export const esPendiente = (estado: string | undefined) => PENDIENTES.includes(estado as EstadoFactura);
export const esCorregible = (estado: string | undefined) => CORREGIBLES.includes(estado as EstadoFactura);
export const tieneAutorizacion = (estado: string | undefined) => CON_AUTORIZACION.includes(estado as EstadoFactura);

/** How often the screens ask again while the SRI still owes an answer (ms). */
export const INTERVALO_LISTA = 3000;
export const INTERVALO_DOCUMENTO = 2000;

// The invoices' groups as the list's chips and the company home's card filter them: with the states, in one small
// module of the home's first load (docs/performance.md#downloads).
/** The list's filters behind the counts' chips (and the home card's links). */
export const FILTROS = {
  pendientes: { FAC_ESTADO: [...PENDIENTES] },
  autorizadas: { FAC_ESTADO: ['AUTORIZADA'] },
  devueltas: { FAC_ESTADO: [...CORREGIBLES] },
  sinRespuesta: { FAC_ESTADO: ['SIN_RESPUESTA' satisfies EstadoFactura] },
  correosFallidos: { FAC_ENTREGA: 'FALLIDA' satisfies EntregaFactura },
} as const;
export type GrupoEstados = keyof typeof FILTROS;

/** The address of the invoices' list filtered by one of the groups. */
export const rutaFiltrada = (grupo: GrupoEstados) => `/facturas?${new URLSearchParams({ filter: JSON.stringify(FILTROS[grupo]) })}`;

/**
 * The counts by state (GET /api/facturas/estados), asked again every 3 s while some invoice waits for the SRI and not
 * at all otherwise. The company home's card shares the query (same key), so it lives here, in the home's first load,
 * and not with the list's other queries (datos.ts).
 */
export function useEstados() {
  const dataProvider = useAreaDataProvider();
  return useQuery({
    queryKey: ['facturas', 'estados'],
    queryFn: () => dataProvider.call<FacturasEstados>('/api/facturas/estados'),
    refetchInterval: (query) => ((query.state.data?.pendientes ?? 0) > 0 ? INTERVALO_LISTA : false),
  });
}
