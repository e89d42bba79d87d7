/**
 * What an issued document's detail adds to its list row, the same for every type: the free fields, the authorization,
 * the SRI's reception and messages, the email's outcome, the annulment, the SRI queue's step and the row's times; the
 * columns that read them (the query joins sri_cola with a left join) and the API's shape of them.
 */
import { facturas, sriCola } from '../../infra/db/schema';
import { conAyuda, type MensajeSriGuardado } from '../../../domain/facturas';
import type { CampoAdicional } from '../../../domain/contratos/facturas';
import { iso, isoONull } from './filas';

const f = facturas;

export const COLUMNAS_EMITIDO = {
  FAC_ADICIONAL: f.FAC_ADICIONAL,
  FAC_AUTORIZACION: f.FAC_AUTORIZACION,
  FAC_FECHA_AUTORIZACION: f.FAC_FECHA_AUTORIZACION,
  FAC_RECIBIDA: f.FAC_RECIBIDA,
  FAC_SRI_MENSAJES: f.FAC_SRI_MENSAJES,
  FAC_ENTREGA_FECHA: f.FAC_ENTREGA_FECHA,
  FAC_ENTREGA_DETALLE: f.FAC_ENTREGA_DETALLE,
  FAC_ANULACION_MOTIVO: f.FAC_ANULACION_MOTIVO,
  FAC_ANULACION_FECHA: f.FAC_ANULACION_FECHA,
  FAC_CREADO: f.FAC_CREADO,
  FAC_ACTUALIZADO: f.FAC_ACTUALIZADO,
  COL_PASO: sriCola.COL_PASO,
  COL_INTENTOS: sriCola.COL_INTENTOS,
  COL_PROXIMO: sriCola.COL_PROXIMO,
  COL_ERROR: sriCola.COL_ERROR,
};

type Documento = typeof facturas.$inferSelect;
type Cola = typeof sriCola.$inferSelect;
type FilaEmitido = Pick<
  Documento,
  | 'FAC_ADICIONAL'
  | 'FAC_AUTORIZACION'
  | 'FAC_FECHA_AUTORIZACION'
  | 'FAC_RECIBIDA'
  | 'FAC_SRI_MENSAJES'
  | 'FAC_ENTREGA_FECHA'
  | 'FAC_ENTREGA_DETALLE'
  | 'FAC_ANULACION_MOTIVO'
  | 'FAC_ANULACION_FECHA'
  | 'FAC_CREADO'
  | 'FAC_ACTUALIZADO'
> & { [K in 'COL_PASO' | 'COL_INTENTOS' | 'COL_PROXIMO' | 'COL_ERROR']: Cola[K] | null };

/** The issued part of a detail as the API answers it (dates in ISO, the SRI's messages with their help). */
export const camposEmitido = (row: FilaEmitido) => ({
  FAC_ADICIONAL: (row.FAC_ADICIONAL as CampoAdicional[] | null) ?? [],
  FAC_AUTORIZACION: row.FAC_AUTORIZACION,
  FAC_FECHA_AUTORIZACION: isoONull(row.FAC_FECHA_AUTORIZACION),
  FAC_RECIBIDA: isoONull(row.FAC_RECIBIDA),
  FAC_SRI_MENSAJES: conAyuda((row.FAC_SRI_MENSAJES as MensajeSriGuardado[] | null) ?? []),
  FAC_ENTREGA_FECHA: isoONull(row.FAC_ENTREGA_FECHA),
  FAC_ENTREGA_DETALLE: row.FAC_ENTREGA_DETALLE,
  FAC_ANULACION_MOTIVO: row.FAC_ANULACION_MOTIVO,
  FAC_ANULACION_FECHA: isoONull(row.FAC_ANULACION_FECHA),
  cola:
    row.COL_PASO === null
      ? null
      : { paso: row.COL_PASO, intentos: row.COL_INTENTOS ?? 0, proximo: iso(row.COL_PROXIMO!), error: row.COL_ERROR },
  FAC_CREADO: iso(row.FAC_CREADO),
  FAC_ACTUALIZADO: iso(row.FAC_ACTUALIZADO),
});
