/**
 * Drafts: what the form sends is recomputed here with the same module the form uses (calcularFactura) and refused
 * when a rule is broken or when the totals the user saw differ from the server's by a cent. Only amounts the server
 * computed are stored. The buyer, the emission point and the catalogue items must be the company's (404 otherwise);
 * a seller's buyer one of their clients or the consumidor final (repo.ts AlcanceFacturas), and the catalogue is the
 * whole company's (a seller sells every product).
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import { catalogo } from '../../infra/db/schema';
import { found, HttpError } from '../../core/errors';
import type { CompanyActor } from '../../core/actor';
import { MSG } from '../../../domain/messages';
import { esDia } from '../../../domain/fechas';
import { calcularFactura, compararTotales } from '../../../domain/facturas';
import { clientScopeValues } from '../clientes';
import { FACTURAS_MSG, type FacturaBorrador, type FacturaDetalle } from './contract';
import {
  bloquearPara,
  cambiosBorrador,
  ComprobanteRechazado,
  exigirEstado,
  deleteBorrador,
  insertBorrador,
  replaceBorrador,
  type ValoresBorrador,
  documentoEmitido,
} from '../comprobantes';
import { conDiasDeCredito, entradaCalculo, filasBorrador, sinDescripcion } from './filas-borrador';
import { findComprador, findFactura, findPunto, TIPO_FACTURA, type AlcanceFacturas } from './repo';

/** The draft's rows, from what the form sends checked against the company's data and recomputed (a quote invoiced: ofertas). */
export async function valoresDe(db: Db, actor: CompanyActor, enviado: FacturaBorrador) {
  const alcance = clientScopeValues(actor);
  const empresa = alcance.empresa;
  const [punto, cliente] = await Promise.all([findPunto(db, empresa, enviado.PEM_CODIGO), findComprador(db, alcance, enviado.CLI_CODIGO)]);
  // Whose data comes first: another company's (or another seller's) buyer is a 404 whatever else the body says.
  if (!punto || !cliente) throw new HttpError(404, MSG.notFound);
  const body = { ...enviado, pagos: conDiasDeCredito(enviado.pagos, cliente.CLI_DIAS_CREDITO) };
  if (!esDia(body.FAC_FECHA)) throw new HttpError(400, FACTURAS_MSG.fecha);
  const productos = [...new Set(body.lineas.map((l) => l.CAT_CODIGO).filter((c): c is number => typeof c === 'number'))];
  if (productos.length) {
    const propios = await db
      .select({ id: catalogo.CAT_CODIGO })
      .from(catalogo)
      .where(and(eq(catalogo.EMP_CODIGO, empresa), inArray(catalogo.CAT_CODIGO, productos)));
    if (propios.length !== productos.length) throw new HttpError(404, FACTURAS_MSG.productoAjeno);
  }

  const calculo = calcularFactura({
    ...entradaCalculo(body),
    propina: body.propina,
    tipoIdentificacionComprador: cliente.CLI_TIPO_IDENTIFICACION,
  });
  const errores = [...calculo.errores, ...compararTotales(calculo, body), ...sinDescripcion(body.lineas)];
  if (errores.length) throw new ComprobanteRechazado(errores);

  const { adicional, lineas, pagos } = filasBorrador(body, calculo, true);
  const factura: ValoresBorrador = {
    EMP_CODIGO: empresa,
    PEM_CODIGO: punto.PEM_CODIGO,
    CLI_CODIGO: cliente.CLI_CODIGO,
    FAC_FECHA: body.FAC_FECHA,
    FAC_SUBTOTAL: calculo.totalSinImpuestos,
    FAC_DESCUENTO: calculo.totalDescuento,
    FAC_IVA: calculo.totalIva,
    FAC_PROPINA: calculo.propina,
    FAC_TOTAL: calculo.importeTotal,
    FAC_ADICIONAL: adicional,
    USU_CODIGO: actor.usuario,
  };
  return { factura, lineas, pagos };
}

export async function crearBorrador(db: Db, actor: CompanyActor, body: FacturaBorrador): Promise<FacturaDetalle> {
  const { factura, lineas, pagos } = await valoresDe(db, actor, body);
  const id = await db.transaction((tx) => insertBorrador(tx, factura, lineas, pagos));
  return (await findFactura(db, clientScopeValues(actor), id))!;
}

const { edicion, eliminacion } = cambiosBorrador(FACTURAS_MSG);

export async function editarBorrador(db: Db, actor: CompanyActor, id: number, body: FacturaBorrador): Promise<FacturaDetalle> {
  const alcance = clientScopeValues(actor);
  // An issued invoice says so before its content is judged (and again under the lock).
  const actual = found(await documentoEmitido(db, alcance, id, TIPO_FACTURA));
  exigirEstado(actual.FAC_ESTADO, edicion);
  const { factura, lineas, pagos } = await valoresDe(db, actor, body);
  await db.transaction(async (tx) => {
    await bloquearPara(tx, alcance, TIPO_FACTURA, id, edicion);
    await replaceBorrador(tx, id, factura, lineas, pagos);
  });
  return (await findFactura(db, alcance, id))!;
}

export async function eliminarBorrador(db: Db, alcance: AlcanceFacturas, id: number) {
  await db.transaction(async (tx) => {
    await bloquearPara(tx, alcance, TIPO_FACTURA, id, eliminacion);
    await deleteBorrador(tx, id);
  });
  return { FAC_CODIGO: id };
}
