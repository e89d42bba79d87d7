/**
 * The comprobante de retención as a document type of the core (comprobantes/tipo.ts): codDoc 07,
 * ComprobanteRetencion_V2.0.0.xsd, the supplier as recipient. Issuing locks its support documents and judges them
 * again (another retención may have taken one, a code may have expired since the draft was saved), and stores what
 * it signs: each withholding's percentage and value, and the totals, where they differ from what the draft stored.
 */
import { eq } from 'drizzle-orm';
import type { Executor } from '../../infra/db/client';
import { facturas } from '../../infra/db/schema';
import { found } from '../../core/errors';
import { hoyEcuador } from '../../../domain/fechas';
import { armarRetencion, type ComprobanteRetencion } from '../../../domain/retenciones';
import type { TipoComprobante } from '../comprobantes';
import { juzgarConLeidos, NOMBRE, valoresDe } from './borradores';
import { escribirSustentos, retencionParaEmitir, type RetencionParaEmitir } from './repo';
import { retencionXml } from './xml';
import { cuerpoRetencion, totalRetenido } from './ride-cuerpo';

type Sustentos = ReturnType<typeof valoresDe>;

/** Whether the stored support documents and withholdings are those `nuevos` (numbered in order, as they are written). */
function mismosSustentos(guardados: RetencionParaEmitir['sustentos'], nuevos: Sustentos) {
  let linea = 0;
  return (
    guardados.length === nuevos.length &&
    nuevos.every((n, i) => {
      const g = guardados[i]!;
      return (
        g.RSU_LINEA === i + 1 &&
        g.REC_CODIGO === n.REC_CODIGO &&
        g.RSU_LIQUIDACION === n.RSU_LIQUIDACION &&
        g.RSU_SUSTENTO === n.RSU_SUSTENTO &&
        g.retenciones.length === n.retenciones.length &&
        n.retenciones.every((r, j) => {
          const d = g.retenciones[j]!;
          return (
            d.RDE_LINEA === ++linea &&
            d.RCO_ID === r.RCO_ID &&
            d.RDE_IMPUESTO === r.RDE_IMPUESTO &&
            d.RDE_CODIGO === r.RDE_CODIGO &&
            Number(d.RDE_BASE) === Number(r.RDE_BASE) &&
            Number(d.RDE_PORCENTAJE) === Number(r.RDE_PORCENTAJE) &&
            Number(d.RDE_VALOR) === Number(r.RDE_VALOR)
          );
        })
      );
    })
  );
}

export const tipoRetencion: TipoComprobante<ComprobanteRetencion, RetencionParaEmitir> = {
  codDoc: '07',
  nombre: NOMBRE,
  titulo: 'COMPROBANTE DE RETENCIÓN',
  archivo: 'retencion',
  esquema: 'ComprobanteRetencion_V2.0.0.xsd',
  // The retención, its supplier, documents, withholdings and codes, read before the emission point's number is taken
  // (comprobantes/tipo.ts); its documents are locked in armar.
  leer: retencionParaEmitir,
  async armar(tx, id, comunes, leida) {
    const r = leida ?? (await retencionParaEmitir(tx, id));
    const fecha = typeof comunes.fecha === 'string' ? comunes.fecha : hoyEcuador(comunes.fecha);
    const pedidos = r.sustentos.map((s) => ({
      REC_CODIGO: s.REC_CODIGO,
      RSU_LIQUIDACION: s.RSU_LIQUIDACION,
      RSU_SUSTENTO: s.RSU_SUSTENTO,
      retenciones: s.retenciones.map((d) => ({ RCO_ID: d.RCO_ID, RDE_BASE: d.RDE_BASE })),
    }));
    const leidos = { sujeto: found(r.proveedor), codigos: r.codigos };
    const { errores, calculo, entradas } = await juzgarConLeidos(tx, r.EMP_CODIGO, leidos, fecha, pedidos, id);
    if (errores.length || !calculo) return { ok: false, errores };
    const armado = armarRetencion({ ...comunes, sustentos: entradas });
    if (!armado.ok) return { ok: false, errores: armado.errores };
    await guardarCalculo(tx, id, r, valoresDe(calculo, pedidos), {
      FAC_SUBTOTAL: calculo.renta,
      FAC_IVA: calculo.iva,
      FAC_TOTAL: calculo.total,
    });
    return { ok: true, comprobante: armado.comprobante };
  },
  xml: retencionXml,
  ride: cuerpoRetencion,
  correo: (c) => ({ destinatario: c.infoCompRetencion.razonSocialSujetoRetenido, importe: totalRetenido(c) }),
};

/** What is signed, stored where it differs from the draft (a code's percentage may have changed since it was saved). */
async function guardarCalculo(
  tx: Executor,
  id: number,
  r: RetencionParaEmitir,
  sustentos: Sustentos,
  totales: RetencionParaEmitir['totales'],
) {
  if (!mismosSustentos(r.sustentos, sustentos)) await escribirSustentos(tx, id, sustentos);
  const mismos = (Object.keys(totales) as Array<keyof typeof totales>).every((k) => Number(totales[k]) === Number(r.totales[k]));
  if (!mismos) await tx.update(facturas).set(totales).where(eq(facturas.FAC_CODIGO, id));
}
