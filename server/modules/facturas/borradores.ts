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
import { ESTADOS_CORREGIBLES, ESTADOS_EN_CAMINO, FACTURAS_MSG, type FacturaBorrador, type FacturaDetalle } from './contract';
import {
  ComprobanteRechazado,
  deleteBorrador,
  insertBorrador,
  replaceBorrador,
  type ValoresBorrador,
  documentoEmitido,
} from '../comprobantes';
import { conDiasDeCredito, entradaCalculo, filasBorrador, sinDescripcion } from './filas-borrador';
import { findComprador, findFactura, findPunto, lockFactura, TIPO_FACTURA, type AlcanceFacturas } from './repo';

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

/** Why an invoice in `estado` cannot take the change: pending at the SRI, or issued for good. */
const noAdmite = (estado: string, emitida: string) =>
  (ESTADOS_EN_CAMINO as readonly string[]).includes(estado) ? FACTURAS_MSG.enProceso : emitida;

/**
 * The invoice the scope sees, locked for a change that only the states `admite` take (a draft; for edits also one the
 * SRI sent back, which keeps its number); 404, or 409 with why.
 */
async function bloqueada(
  tx: Parameters<Parameters<Db['transaction']>[0]>[0],
  alcance: AlcanceFacturas,
  id: number,
  admite: readonly string[],
  emitida: string,
) {
  const row = found(await lockFactura(tx, alcance, id));
  if (!admite.includes(row.FAC_ESTADO)) throw new HttpError(409, noAdmite(row.FAC_ESTADO, emitida));
}

const EDITABLES: readonly string[] = ['BORRADOR', ...ESTADOS_CORREGIBLES];

export async function editarBorrador(db: Db, actor: CompanyActor, id: number, body: FacturaBorrador): Promise<FacturaDetalle> {
  const alcance = clientScopeValues(actor);
  // An issued invoice says so before its content is judged (and again under the lock).
  const actual = found(await documentoEmitido(db, alcance, id, TIPO_FACTURA));
  if (!EDITABLES.includes(actual.FAC_ESTADO)) throw new HttpError(409, noAdmite(actual.FAC_ESTADO, FACTURAS_MSG.emitidaNoModificable));
  const { factura, lineas, pagos } = await valoresDe(db, actor, body);
  await db.transaction(async (tx) => {
    await bloqueada(tx, alcance, id, EDITABLES, FACTURAS_MSG.emitidaNoModificable);
    await replaceBorrador(tx, id, factura, lineas, pagos);
  });
  return (await findFactura(db, alcance, id))!;
}

export async function eliminarBorrador(db: Db, alcance: AlcanceFacturas, id: number) {
  await db.transaction(async (tx) => {
    await bloqueada(tx, alcance, id, ['BORRADOR'], FACTURAS_MSG.emitidaNoEliminable);
    await deleteBorrador(tx, id);
  });
  return { FAC_CODIGO: id };
}
