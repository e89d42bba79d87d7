/**
 * A guía's content from an AUTORIZADA factura the session sees (GET /desdeFactura/:id): the invoice's emission point,
 * today as the dates, its establishment's address as departure, its buyer as the one destinatario (the address the
 * client has, else the establishment's; its emails) with motivo "Venta" and the factura as support document, and its
 * lines as the goods. A sale to the consumidor final travels too: its destinatario is 9999999999999. The carrier, the
 * plate and anything else are the user's to choose.
 */
import { HttpError } from '../../core/errors';
import type { Executor } from '../../infra/db/client';
import { hoyEcuador } from '../../../domain/fechas';
import { fijo, type AlcanceDocumentos } from '../comprobantes';
import { lineasDe } from '../facturas';
import { GUIAS_MSG, type GuiaDesdeFactura } from './contract';
import { facturaParaGuia } from './repo';

/** The motivo de traslado of goods that leave because they were sold. */
export const MOTIVO_VENTA = 'Venta';

export async function guiaDesdeFactura(db: Executor, alcance: AlcanceDocumentos, id: number): Promise<GuiaDesdeFactura> {
  const factura = await facturaParaGuia(db, alcance, id);
  if (!factura) throw new HttpError(404, GUIAS_MSG.sustentoAjeno);
  if (factura.FAC_ESTADO !== 'AUTORIZADA') throw new HttpError(409, GUIAS_MSG.sustentoNoAutorizado);
  const lineas = await lineasDe(db, id);
  const hoy = hoyEcuador();
  return {
    PEM_CODIGO: factura.PEM_CODIGO,
    FAC_FECHA: hoy,
    GUI_DIR_PARTIDA: factura.EST_DIRECCION,
    GUI_FECHA_INICIO: hoy,
    GUI_FECHA_FIN: hoy,
    destinatarios: [
      {
        CLI_CODIGO: factura.CLI_CODIGO,
        GDE_IDENTIFICACION: factura.CLI_IDENTIFICACION,
        GDE_RAZON_SOCIAL: factura.CLI_RAZON_SOCIAL,
        GDE_DIRECCION: factura.CLI_DIRECCION?.trim() || factura.EST_DIRECCION,
        GDE_CORREOS: factura.CLI_CORREOS ?? [],
        GDE_MOTIVO: MOTIVO_VENTA,
        GDE_SUSTENTO: factura.FAC_CODIGO,
        detalles: lineas.map((l) => ({
          CAT_CODIGO: l.CAT_CODIGO,
          GDT_CODIGO_INTERNO: l.FDE_PRINCIPAL,
          GDT_CODIGO_ADICIONAL: l.FDE_AUXILIAR,
          GDT_DESCRIPCION: l.FDE_DESCRIPCION,
          GDT_CANTIDAD: fijo(l.FDE_CANTIDAD, 6),
          GDT_ADICIONALES: [],
        })),
      },
    ],
    FAC_ADICIONAL: [],
  };
}
