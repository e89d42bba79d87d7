import type { EntregaFactura, EstadoFactura } from '../../../domain/comprobantes/estados';
import { CORREGIBLES, PENDIENTES } from '../../comprobantes/estados';

// The states' groups are every document's (src/comprobantes/estados.ts); the invoices' screens read them from here.
export {
  ESTADOS,
  esCorregible,
  esPendiente,
  INTERVALO_DOCUMENTO as INTERVALO_FACTURA,
  INTERVALO_LISTA,
  tieneAutorizacion,
} from '../../comprobantes/estados';

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
