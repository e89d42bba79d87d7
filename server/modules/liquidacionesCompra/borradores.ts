/**
 * Drafts: what the form sends is recomputed with the module the form uses (calcularLiquidacion: the invoice's
 * calculation) and refused when a rule is broken or the totals the user saw differ by a cent. The supplier and the
 * emission point must be the company's (404); the supplier active and without RUC (400).
 */
import type { Db } from '../../infra/db/client';
import { found, HttpError } from '../../core/errors';
import type { CompanyActor } from '../../core/actor';
import { MSG } from '../../../domain/messages';
import { esDia } from '../../../domain/fechas';
import { compararTotales } from '../../../domain/facturas';
import { calcularLiquidacion, motivoProveedor, TEXTOS_TOTALES } from '../../../domain/liquidacionesCompra';
import { FACTURAS_MSG } from '../../../domain/contratos/facturas';
import {
  bloquearPara,
  cambiosBorrador,
  ComprobanteRechazado,
  exigirEstado,
  deleteBorrador,
  insertBorrador,
  puntoDeEmpresa,
  replaceBorrador,
  type ValoresBorrador,
} from '../comprobantes';
import { conDiasDeCredito, entradaCalculo, filasBorrador, sinDescripcion } from '../facturas';
import { LIQUIDACIONES_MSG, type LiquidacionCompraBorrador } from './contract';
import { findLiquidacion, findProveedor, TIPO_LIQUIDACION } from './repo';

async function valoresDe(db: Db, actor: CompanyActor, enviado: LiquidacionCompraBorrador) {
  const empresa = actor.empresa;
  const punto = await puntoDeEmpresa(db, empresa, enviado.PEM_CODIGO);
  if (!punto) throw new HttpError(404, MSG.notFound);
  const proveedor = await findProveedor(db, empresa, enviado.PRV_CODIGO);
  if (!proveedor) throw new HttpError(404, LIQUIDACIONES_MSG.proveedorAjeno);
  const motivo = motivoProveedor({ tipoIdentificacion: proveedor.PRV_TIPO_IDENTIFICACION, activo: proveedor.PRV_ACTIVO });
  if (motivo) throw new ComprobanteRechazado([{ campo: 'PRV_CODIGO', mensaje: motivo }]);
  if (!esDia(enviado.FAC_FECHA)) throw new HttpError(400, FACTURAS_MSG.fecha);
  const body = { ...enviado, pagos: conDiasDeCredito(enviado.pagos, proveedor.PRV_DIAS_CREDITO) };

  const entrada = entradaCalculo(body);
  const calculo = calcularLiquidacion(entrada.lineas, entrada.pagos);
  const errores = [...calculo.errores, ...compararTotales(calculo, body, TEXTOS_TOTALES), ...sinDescripcion(body.lineas)];
  if (errores.length) throw new ComprobanteRechazado(errores);

  const { adicional, lineas, pagos } = filasBorrador(body, calculo, false);
  const liquidacion: ValoresBorrador = {
    EMP_CODIGO: empresa,
    PEM_CODIGO: punto.PEM_CODIGO,
    PRV_CODIGO: proveedor.PRV_CODIGO,
    FAC_TIPO: '03',
    FAC_FECHA: body.FAC_FECHA,
    FAC_SUBTOTAL: calculo.totalSinImpuestos,
    FAC_DESCUENTO: calculo.totalDescuento,
    FAC_IVA: calculo.totalIva,
    FAC_TOTAL: calculo.importeTotal,
    FAC_ADICIONAL: adicional,
    USU_CODIGO: actor.usuario,
  };
  return { liquidacion, lineas, pagos };
}

export async function crearLiquidacion(db: Db, actor: CompanyActor, body: LiquidacionCompraBorrador) {
  const { liquidacion, lineas, pagos } = await valoresDe(db, actor, body);
  const id = await db.transaction((tx) => insertBorrador(tx, liquidacion, lineas, pagos));
  return (await findLiquidacion(db, actor.empresa, id))!;
}

const { edicion, eliminacion } = cambiosBorrador(LIQUIDACIONES_MSG);

export async function editarLiquidacion(db: Db, actor: CompanyActor, id: number, body: LiquidacionCompraBorrador) {
  // An issued one says so before its content is judged (and again under the lock).
  const actual = found(await findLiquidacion(db, actor.empresa, id));
  exigirEstado(actual.FAC_ESTADO, edicion);
  const { liquidacion, lineas, pagos } = await valoresDe(db, actor, body);
  await db.transaction(async (tx) => {
    await bloquearPara(tx, { empresa: actor.empresa }, TIPO_LIQUIDACION, id, edicion);
    await replaceBorrador(tx, id, liquidacion, lineas, pagos);
  });
  return (await findLiquidacion(db, actor.empresa, id))!;
}

export async function eliminarLiquidacion(db: Db, empresa: number, id: number) {
  await db.transaction(async (tx) => {
    await bloquearPara(tx, { empresa }, TIPO_LIQUIDACION, id, eliminacion);
    await deleteBorrador(tx, id);
  });
  return { FAC_CODIGO: id };
}
