// The states' groups are every document's (src/comprobantes/estados.ts); the invoices' screens read them from here.
export { ESTADOS, esPendiente, FILTROS, INTERVALO_LISTA, useEstados, type GrupoEstados } from '../../comprobantes/estados';
