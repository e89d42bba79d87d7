/**
 * The guía de remisión as a document type of the core (comprobantes/tipo.ts): codDoc 06, GuiaRemision_V1.1.0.xsd.
 * Its recipient for the SRI is the carrier (facturas.TRA_CODIGO), which the core hands over as `comunes.comprador`;
 * the destinatarios receive the email (armarGuia puts their addresses in the "Email" field). Issuing judges again
 * what may have changed since the draft was saved: the carrier made inactive, a support invoice annulled (it is read
 * FOR SHARE, so an annulment running at the same time waits for the guía or the guía sees it).
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../../infra/db/client';
import { prepared } from '../../infra/db/prepared';
import { facturas } from '../../infra/db/schema';
import { armarGuia, enDestinatario, type ComprobanteGuiaRemision } from '../../../domain/guiasRemision';
import type { ErrorFactura } from '../../../domain/facturas';
import type { TipoComprobante } from '../comprobantes';
import { GUIAS_MSG } from './contract';
import { destinatariosDe, TIPO_GUIA, transporteDe } from './repo';
import { cuerpoGuia, destinatariosCorreo } from './ride-cuerpo';
import { guiaXml } from './xml';

/** The draft's transport and destinatarios, with their goods and support invoices. */
async function leerGuia(tx: Executor, id: number) {
  // One after another: a transaction is one connection.
  const transporte = await transporteDe(tx, id);
  const destinatarios = await destinatariosDe(tx, id);
  return { transporte, destinatarios };
}

/** The support invoices' states now, each row share-locked until the guía commits. */
async function estadosSustento(tx: Executor, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const filas = await prepared(tx, 'guia_sustentos', (d) =>
    d
      .select({ FAC_CODIGO: facturas.FAC_CODIGO, FAC_ESTADO: facturas.FAC_ESTADO })
      .from(facturas)
      .where(sql`${facturas.FAC_CODIGO} = ANY(${sql.placeholder('ids')}::int[])`)
      .for('share'),
  ).execute({ ids });
  return new Map(filas.map((f) => [f.FAC_CODIGO, f.FAC_ESTADO]));
}

export const tipoGuia: TipoComprobante<ComprobanteGuiaRemision, Awaited<ReturnType<typeof leerGuia>>> = {
  codDoc: TIPO_GUIA,
  nombre: 'guía de remisión',
  titulo: 'GUÍA DE REMISIÓN',
  archivo: 'guia-remision',
  esquema: 'GuiaRemision_V1.1.0.xsd',
  leer: leerGuia,
  async armar(tx, id, comunes, leido) {
    const { transporte, destinatarios } = leido ?? (await leerGuia(tx, id));
    const estados = await estadosSustento(tx, [...new Set(destinatarios.flatMap((d) => (d.GDE_SUSTENTO ? [d.GDE_SUSTENTO] : [])))]);
    const errores: ErrorFactura[] = [];
    if (!transporte.TRA_ACTIVO) errores.push({ campo: 'TRA_CODIGO', mensaje: GUIAS_MSG.transportistaInactivo });
    destinatarios.forEach((d, i) => {
      if (d.GDE_SUSTENTO && estados.get(d.GDE_SUSTENTO) !== 'AUTORIZADA')
        errores.push({ campo: 'GDE_SUSTENTO', mensaje: enDestinatario(i + 1, GUIAS_MSG.sustentoNoAutorizado), linea: i + 1 });
    });
    if (errores.length) return { ok: false, errores };
    const armado = armarGuia({
      ...comunes,
      transporte: {
        dirPartida: transporte.GUI_DIR_PARTIDA,
        fechaInicio: transporte.GUI_FECHA_INICIO,
        fechaFin: transporte.GUI_FECHA_FIN,
        placa: transporte.GUI_PLACA,
      },
      destinatarios: destinatarios.map((d) => ({
        identificacion: d.GDE_IDENTIFICACION,
        razonSocial: d.GDE_RAZON_SOCIAL,
        direccion: d.GDE_DIRECCION,
        correos: d.GDE_CORREOS,
        motivo: d.GDE_MOTIVO,
        docAduanero: d.GDE_DOC_ADUANERO,
        estabDestino: d.GDE_ESTAB_DESTINO,
        ruta: d.GDE_RUTA,
        sustento:
          d.GDE_SUSTENTO && d.SUSTENTO_NUMERO && d.SUSTENTO_FECHA
            ? { numero: d.SUSTENTO_NUMERO, autorizacion: d.SUSTENTO_AUTORIZACION ?? '', fecha: d.SUSTENTO_FECHA }
            : null,
        detalles: d.detalles.map((b) => ({
          codigoInterno: b.GDT_CODIGO_INTERNO,
          codigoAdicional: b.GDT_CODIGO_ADICIONAL,
          descripcion: b.GDT_DESCRIPCION,
          cantidad: b.GDT_CANTIDAD,
          adicionales: b.GDT_ADICIONALES,
        })),
      })),
    });
    return armado.ok ? { ok: true, comprobante: armado.comprobante } : { ok: false, errores: armado.errores };
  },
  xml: guiaXml,
  ride: cuerpoGuia,
  correo: (c) => ({ destinatario: destinatariosCorreo(c), importe: '' }),
};
