/**
 * The quotes' rules: what the form sends is recomputed with the invoice's calculation (calcularFactura, without
 * payments nor tip) and refused with its messages when a rule breaks or the totals the user saw differ by a cent; the
 * client is the company's (a seller's own), active and identified. The states move BORRADOR → ENVIADA → ACEPTADA or
 * RECHAZADA under a row lock; an accepted quote becomes an invoice draft through the invoices' own pieces.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Executor } from '../../infra/db/client';
import { catalogo, ofertas } from '../../infra/db/schema';
import { found, HttpError } from '../../core/errors';
import type { CompanyActor } from '../../core/actor';
import { esDia, hoyEcuador } from '../../../domain/fechas';
import { calcularFactura, compararTotales, FACTURA_MSG } from '../../../domain/facturas';
import { estadoOferta } from '../../../domain/ofertas';
import { FACTURAS_MSG, type LineaBorrador } from '../../../domain/contratos/facturas';
import { OFERTAS_MSG, type FacturarOferta, type OfertaBorrador, type OfertaDetalle } from '../../../domain/contratos/ofertas';
import { clientScopeValues } from '../clientes';
import { entradaCalculo, filasBorrador, sinDescripcion, valoresBorradorFactura } from '../facturas';
import { ComprobanteRechazado, insertBorrador } from '../comprobantes';
import { calculoDe, findClienteOferta, findOferta, lineasGuardadas, lockOferta, siguienteNumero, type AlcanceOfertas } from './repo';

/** The invoice's rules in a quote's words where they name the document; a quote has no payments to add up. */
const MENSAJES = { sinLineas: OFERTAS_MSG.sinLineas, totalGrande: FACTURA_MSG.totalGrande, pagosNoCoinciden: FACTURA_MSG.pagosNoCoinciden };

/** The row a quote stores, from what the form sends checked against the company's data and recomputed. */
async function valoresDe(db: Db, actor: CompanyActor, body: OfertaBorrador) {
  const alcance = clientScopeValues(actor);
  const cliente = await findClienteOferta(db, alcance, body.CLI_CODIGO);
  // Whose client comes first: another company's (or another seller's) is a 404 whatever else the body says.
  if (!cliente) throw new HttpError(404, OFERTAS_MSG.clienteAjeno);
  if (cliente.CLI_CONSUMIDOR_FINAL || cliente.CLI_TIPO_IDENTIFICACION === '07') throw new HttpError(400, OFERTAS_MSG.consumidorFinal);
  if (!cliente.CLI_ACTIVO) throw new HttpError(400, OFERTAS_MSG.clienteInactivo);
  if (!esDia(body.OFE_FECHA) || !esDia(body.OFE_VALIDEZ)) throw new HttpError(400, 'La fecha no es una fecha válida (AAAA-MM-DD).');
  if (body.OFE_VALIDEZ < body.OFE_FECHA) throw new HttpError(400, OFERTAS_MSG.validez);
  const productos = [...new Set(body.lineas.map((l) => l.CAT_CODIGO).filter((c): c is number => typeof c === 'number'))];
  if (productos.length) {
    const propios = await db
      .select({ id: catalogo.CAT_CODIGO })
      .from(catalogo)
      .where(and(eq(catalogo.EMP_CODIGO, alcance.empresa), inArray(catalogo.CAT_CODIGO, productos)));
    if (propios.length !== productos.length) throw new HttpError(404, FACTURAS_MSG.productoAjeno);
  }

  const cuerpo = { lineas: body.lineas, pagos: [] };
  const calculo = calcularFactura({ lineas: entradaCalculo(cuerpo).lineas, pagos: [], mensajes: MENSAJES });
  const errores = [
    ...calculo.errores.filter((e) => e.campo !== 'pagos'),
    ...compararTotales(calculo, body),
    ...sinDescripcion(body.lineas),
  ];
  if (errores.length) throw new ComprobanteRechazado(errores);
  // The lines as the invoice draft will take them: the LineaBorrador fields, normalized by the calculation.
  const lineas: LineaBorrador[] = filasBorrador(cuerpo, calculo, true).lineas.map(({ FDE_SUBTOTAL: _, ...l }) => ({
    ...l,
    CAT_CODIGO: l.CAT_CODIGO ?? null,
    FDE_DESCUENTO: l.FDE_DESCUENTO ?? null,
  }));
  return {
    CLI_CODIGO: body.CLI_CODIGO,
    OFE_FECHA: body.OFE_FECHA,
    OFE_VALIDEZ: body.OFE_VALIDEZ,
    OFE_NOTAS: body.OFE_NOTAS?.trim() || null,
    OFE_LINEAS: lineas,
    OFE_SUBTOTAL: calculo.totalSinImpuestos,
    OFE_DESCUENTO: calculo.totalDescuento,
    OFE_IVA: calculo.totalIva,
    OFE_TOTAL: calculo.importeTotal,
  };
}

const detalle = async (db: Executor, alcance: AlcanceOfertas, id: number) => found(await findOferta(db, alcance, id));

export async function crearOferta(db: Db, actor: CompanyActor, body: OfertaBorrador): Promise<OfertaDetalle> {
  const valores = await valoresDe(db, actor, body);
  const empresa = actor.empresa;
  const id = await db.transaction(async (tx) => {
    const OFE_NUMERO = await siguienteNumero(tx, empresa);
    const [row] = await tx
      .insert(ofertas)
      .values({ ...valores, EMP_CODIGO: empresa, OFE_NUMERO, USU_CODIGO: actor.usuario })
      .returning({ id: ofertas.OFE_CODIGO });
    return row!.id;
  });
  return detalle(db, clientScopeValues(actor), id);
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Bloqueada = NonNullable<Awaited<ReturnType<typeof lockOferta>>>;

/** Runs `cambio` on the quote the scope sees, locked until it ends (404 when not seen); answers the quote whole. */
async function conOferta(db: Db, alcance: AlcanceOfertas, id: number, cambio: (tx: Tx, actual: Bloqueada) => Promise<void>) {
  await db.transaction(async (tx) => cambio(tx, found(await lockOferta(tx, alcance, id))));
  return detalle(db, alcance, id);
}

const EDITABLES = ['BORRADOR', 'ENVIADA'];

/** Replaces a BORRADOR or ENVIADA quote (an expired one too: a new validity offers it again); a sent one stays sent. */
export async function editarOferta(db: Db, actor: CompanyActor, id: number, body: OfertaBorrador): Promise<OfertaDetalle> {
  const alcance = clientScopeValues(actor);
  const actual = await detalle(db, alcance, id);
  if (actual.FAC_CODIGO !== null || !['BORRADOR', 'ENVIADA', 'VENCIDA'].includes(actual.OFE_ESTADO))
    throw new HttpError(409, OFERTAS_MSG.noModificable);
  const valores = await valoresDe(db, actor, body);
  return conOferta(db, alcance, id, async (tx, bloqueada) => {
    if (bloqueada.FAC_CODIGO !== null || !EDITABLES.includes(bloqueada.OFE_ESTADO)) throw new HttpError(409, OFERTAS_MSG.noModificable);
    await tx
      .update(ofertas)
      .set({ ...valores, OFE_ACTUALIZADO: new Date() })
      .where(eq(ofertas.OFE_CODIGO, id));
  });
}

export async function eliminarOferta(db: Db, alcance: AlcanceOfertas, id: number) {
  await db.transaction(async (tx) => {
    const actual = found(await lockOferta(tx, alcance, id));
    if (actual.FAC_CODIGO !== null) throw new HttpError(409, OFERTAS_MSG.facturadaNoEliminable);
    await tx.delete(ofertas).where(eq(ofertas.OFE_CODIGO, id));
  });
  return { OFE_CODIGO: id, msg: OFERTAS_MSG.eliminada };
}

const cambiarEstado = (tx: Executor, id: number, estado: string) =>
  tx.update(ofertas).set({ OFE_ESTADO: estado, OFE_ACTUALIZADO: new Date() }).where(eq(ofertas.OFE_CODIGO, id));

/** The client accepted it: not once invoiced, declined or expired. */
export const aceptarOferta = (db: Db, alcance: AlcanceOfertas, id: number) =>
  conOferta(db, alcance, id, async (tx, actual) => {
    if (actual.FAC_CODIGO !== null) throw new HttpError(409, OFERTAS_MSG.yaFacturada);
    if (actual.OFE_ESTADO === 'RECHAZADA') throw new HttpError(409, OFERTAS_MSG.rechazada);
    if (estadoOferta(actual.OFE_ESTADO, actual.OFE_VALIDEZ, hoyEcuador()) === 'VENCIDA') throw new HttpError(409, OFERTAS_MSG.vencida);
    await cambiarEstado(tx, id, 'ACEPTADA');
  });

/** The client declined it: any quote not yet invoiced. */
export const rechazarOferta = (db: Db, alcance: AlcanceOfertas, id: number) =>
  conOferta(db, alcance, id, async (tx, actual) => {
    if (actual.FAC_CODIGO !== null) throw new HttpError(409, OFERTAS_MSG.yaFacturada);
    await cambiarEstado(tx, id, 'RECHAZADA');
  });

/** Why a quote cannot become an invoice now (409), or nothing. */
const noFacturable = (actual: { OFE_ESTADO: string; FAC_CODIGO: number | null }) => {
  if (actual.FAC_CODIGO !== null) return OFERTAS_MSG.yaFacturada;
  if (actual.OFE_ESTADO !== 'ACEPTADA') return OFERTAS_MSG.noAceptada;
  return undefined;
};

/**
 * An accepted quote not yet invoiced becomes an invoice draft: its client and lines, dated today, one payment for the
 * total ("20", otros con utilización del sistema financiero, with the client's credit days as the invoice form gives
 * them). The invoice's rules check it as any draft (valoresBorradorFactura); the quote keeps FAC_CODIGO, written with
 * the draft in one transaction under the quote's lock, so that two clicks make one invoice.
 */
export async function facturarOferta(db: Db, actor: CompanyActor, id: number, body: FacturarOferta): Promise<OfertaDetalle> {
  const alcance = clientScopeValues(actor);
  const actual = await detalle(db, alcance, id);
  const motivo = noFacturable(actual);
  if (motivo) throw new HttpError(409, motivo);
  const lineas = lineasGuardadas(await leerLineas(db, id));
  const calculo = calculoDe(lineas);
  const {
    factura,
    lineas: filas,
    pagos,
  } = await valoresBorradorFactura(db, actor, {
    PEM_CODIGO: body.PEM_CODIGO,
    CLI_CODIGO: actual.CLI_CODIGO,
    FAC_FECHA: hoyEcuador(),
    lineas,
    pagos: [{ FPA_FORMA: '20', FPA_TOTAL: calculo.importeTotal }],
    totalSinImpuestos: calculo.totalSinImpuestos,
    totalDescuento: calculo.totalDescuento,
    totalIva: calculo.totalIva,
    importeTotal: calculo.importeTotal,
  });
  return conOferta(db, alcance, id, async (tx, bloqueada) => {
    const ahora = noFacturable(bloqueada);
    if (ahora) throw new HttpError(409, ahora);
    const FAC_CODIGO = await insertBorrador(tx, factura, filas, pagos);
    await tx.update(ofertas).set({ FAC_CODIGO, OFE_ACTUALIZADO: new Date() }).where(eq(ofertas.OFE_CODIGO, id));
  });
}

/** The quote's stored lines (OFE_LINEAS), as the invoice draft takes them. */
async function leerLineas(db: Executor, id: number) {
  const [row] = await db.select({ lineas: ofertas.OFE_LINEAS }).from(ofertas).where(eq(ofertas.OFE_CODIGO, id));
  return row?.lineas;
}
