/**
 * Credit notes' drafts: what the form sends is judged against the invoice it modifies (comprobantes/notas-factura.ts)
 * and its other notes, recomputed as an invoice's lines are (calcularLineas), and refused with every reason when a rule
 * is broken (domain/notasCredito/reglas.ts) or the totals the user saw differ by a cent. The same rules run again,
 * authoritative, when the note is issued (tipo.ts), under the invoice's lock.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Executor } from '../../infra/db/client';
import { catalogo } from '../../infra/db/schema';
import { found, HttpError } from '../../core/errors';
import type { CompanyActor } from '../../core/actor';
import { MSG } from '../../../domain/messages';
import { calcularLineas, tarifaIva, type ErrorFactura, type LineaEntrada } from '../../../domain/facturas';
import { comprobarNotaCredito } from '../../../domain/notasCredito/reglas';
import { NOTAS_CREDITO_MSG } from '../../../domain/notasCredito/mensajes';
import { NOTAS_MSG } from '../../../domain/contratos/notasCredito';
import { ESTADOS_CORREGIBLES, ESTADOS_EN_CAMINO } from '../../../domain/comprobantes/estados';
import {
  compararTotalesNota,
  documentoEmitido,
  facturaParaNota,
  fechaNota,
  insertBorrador,
  lineasConRestante,
  lockNota,
  ComprobanteRechazado,
  puntoDeEmpresa,
  replaceBorrador,
  restanteDe,
  saldoParaNota,
  NOTA_CREDITO,
  type AlcanceNotas,
  type ValoresLinea,
  type ValoresBorrador,
} from '../comprobantes';
import { clientScopeValues } from '../clientes';
import type { NotaCreditoBorrador, NotaCreditoDetalle, NotaCreditoLineaBorrador } from './contract';
import { buscarNotaCredito, lineasFacturaDevueltas } from './repo';

const NOMBRE = 'nota de crédito';
const opcional = (valor: string | null | undefined) => String(valor ?? '').trim() || null;
const mismoNumero = (a: unknown, b: unknown) => Number(a) === Number(b);

type LineaFactura = Awaited<ReturnType<typeof lineasConRestante>>[number];

/** A line as calcularLineas reads it; a returned line keeps its invoice line's ICE. */
const entrada = (l: NotaCreditoLineaBorrador, origen?: LineaFactura): LineaEntrada => ({
  cantidad: l.FDE_CANTIDAD,
  precioUnitario: l.FDE_PRECIO,
  descuento: l.FDE_DESCUENTO,
  codigoPorcentaje: String(l.FDE_IVA).trim(),
  ice: origen?.FDE_ICE_CODIGO ? { codigoPorcentaje: origen.FDE_ICE_CODIGO, tarifa: origen.FDE_ICE_TARIFA ?? '0' } : null,
});

/**
 * Every rule of a credit note that returns `lineas` of `factura` (the note `excepto` itself left out of what was
 * already credited): the pure rules (reglas.ts) with the database's sums, the invoice lines' IVA and price, and the
 * lines' own amounts. Answers the computation and the errors.
 */
export async function juzgarNotaCredito(
  db: Executor,
  factura: Awaited<ReturnType<typeof facturaParaNota>>,
  nota: { fecha: string; motivo: string; lineas: NotaCreditoLineaBorrador[] },
  excepto?: number,
) {
  const { lineas: restantes, acreditado: credito } = await saldoParaNota(db, factura.FAC_CODIGO, excepto);
  const porLinea = new Map(restantes.map((l) => [l.FDE_LINEA, l]));
  const errores: ErrorFactura[] = [];
  const origenes = nota.lineas.map((l, i) => {
    const n = i + 1;
    if (!l.FDE_DESCRIPCION.trim()) errores.push({ campo: 'descripcion', linea: n, mensaje: `Línea ${n}: ingrese la descripción.` });
    if (l.FDE_LINEA_FACTURA == null) return undefined;
    const origen = porLinea.get(l.FDE_LINEA_FACTURA);
    if (!origen) errores.push({ campo: 'FDE_LINEA_FACTURA', linea: n, mensaje: NOTAS_MSG.lineaFacturaInexistente(n) });
    else if (String(l.FDE_IVA).trim() !== origen.FDE_IVA || !mismoNumero(l.FDE_PRECIO, origen.FDE_PRECIO))
      errores.push({ campo: 'FDE_LINEA_FACTURA', linea: n, mensaje: NOTAS_MSG.lineaFacturaDistinta(n) });
    return origen;
  });
  const calculo = calcularLineas(nota.lineas.map((l, i) => entrada(l, origenes[i])));
  nota.lineas.forEach((l, i) => {
    const codigo = String(l.FDE_IVA).trim();
    if (codigo && !tarifaIva(codigo))
      errores.push({ campo: 'iva', linea: i + 1, mensaje: `Línea ${i + 1}: el código de IVA «${codigo}» no existe.` });
  });
  const reglas = comprobarNotaCredito({
    fecha: nota.fecha,
    comprador: { tipoIdentificacion: factura.CLI_TIPO_IDENTIFICACION, identificacion: factura.CLI_IDENTIFICACION },
    motivo: nota.motivo,
    factura: { fecha: factura.FAC_FECHA, total: factura.FAC_TOTAL },
    notas: [credito],
    valor: calculo.errores.length ? '0' : calculo.total,
    lineas: nota.lineas.map((l, i) => ({ cantidad: l.FDE_CANTIDAD, disponible: origenes[i]?.FDE_RESTANTE ?? null })),
  });
  // The client flagged consumidor final is one whatever identification it was given.
  if (factura.CLI_CONSUMIDOR_FINAL && !reglas.some((e) => e.campo === 'comprador'))
    reglas.unshift({ campo: 'comprador', mensaje: NOTAS_CREDITO_MSG.consumidorFinal });
  return { calculo, origenes, errores: [...reglas, ...calculo.errores, ...errores] };
}

/** The draft's rows from what the form sends, checked and recomputed; `id` the draft being replaced. */
async function valoresDe(db: Db, actor: CompanyActor, body: NotaCreditoBorrador, id?: number) {
  const alcance = clientScopeValues(actor);
  const [punto, factura] = await Promise.all([
    puntoDeEmpresa(db, alcance.empresa, body.PEM_CODIGO),
    facturaParaNota(db, alcance, body.FAC_MODIFICA, NOMBRE),
  ]);
  if (!punto) throw new HttpError(404, MSG.notFound);
  const fecha = fechaNota(body.FAC_FECHA);
  const productos = [...new Set(body.lineas.map((l) => l.CAT_CODIGO).filter((c): c is number => typeof c === 'number'))];
  if (productos.length) {
    const propios = await db
      .select({ id: catalogo.CAT_CODIGO })
      .from(catalogo)
      .where(and(eq(catalogo.EMP_CODIGO, alcance.empresa), inArray(catalogo.CAT_CODIGO, productos)));
    if (propios.length !== productos.length) throw new HttpError(404, 'El producto de una línea no existe en su catálogo.');
  }
  const { calculo, origenes, errores } = await juzgarNotaCredito(db, factura, { fecha, motivo: body.FAC_MOTIVO, lineas: body.lineas }, id);
  if (!errores.length)
    errores.push(
      ...compararTotalesNota(body.totales, {
        FAC_SUBTOTAL: calculo.totalSinImpuestos,
        FAC_IVA: calculo.totalIva,
        FAC_TOTAL: calculo.total,
      }),
    );
  if (errores.length) throw new ComprobanteRechazado(errores);

  const nota: ValoresBorrador = {
    EMP_CODIGO: alcance.empresa,
    FAC_TIPO: NOTA_CREDITO,
    FAC_MODIFICA: factura.FAC_CODIGO,
    FAC_MOTIVO: body.FAC_MOTIVO.trim(),
    PEM_CODIGO: punto.PEM_CODIGO,
    CLI_CODIGO: factura.CLI_CODIGO,
    FAC_FECHA: fecha,
    FAC_SUBTOTAL: calculo.totalSinImpuestos,
    FAC_DESCUENTO: calculo.totalDescuento,
    FAC_IVA: calculo.totalIva,
    FAC_PROPINA: '0',
    FAC_TOTAL: calculo.total,
    FAC_ADICIONAL: (body.FAC_ADICIONAL ?? [])
      .map((c) => ({ nombre: c.nombre.trim(), valor: c.valor.trim() }))
      .filter((c) => c.nombre || c.valor),
    USU_CODIGO: actor.usuario,
  };
  const lineas: ValoresLinea[] = body.lineas.map((l, i) => {
    const c = calculo.lineas[i]!;
    const origen = origenes[i];
    const ice = c.impuestos.find((imp) => imp.codigo === '3');
    return {
      FDE_LINEA_FACTURA: origen ? l.FDE_LINEA_FACTURA! : null,
      CAT_CODIGO: l.CAT_CODIGO ?? origen?.CAT_CODIGO ?? null,
      FDE_PRINCIPAL: opcional(l.FDE_PRINCIPAL) ?? origen?.FDE_PRINCIPAL ?? null,
      FDE_AUXILIAR: origen?.FDE_AUXILIAR ?? null,
      FDE_DESCRIPCION: l.FDE_DESCRIPCION.trim(),
      FDE_CANTIDAD: c.cantidad,
      FDE_PRECIO: c.precioUnitario,
      FDE_DESCUENTO: c.descuento,
      FDE_IVA: String(l.FDE_IVA).trim(),
      FDE_ICE_CODIGO: ice ? ice.codigoPorcentaje : null,
      FDE_ICE_TARIFA: ice ? ice.tarifa : null,
      FDE_SUBTOTAL: c.precioTotalSinImpuesto,
    };
  });
  return { nota, lineas, alcance };
}

export async function crearNotaCredito(db: Db, actor: CompanyActor, body: NotaCreditoBorrador): Promise<NotaCreditoDetalle> {
  const { nota, lineas, alcance } = await valoresDe(db, actor, body);
  const id = await db.transaction((tx) => insertBorrador(tx, nota, lineas, []));
  return (await buscarNotaCredito(db, alcance, id))!;
}

const EDITABLES: readonly string[] = ['BORRADOR', ...ESTADOS_CORREGIBLES];
const noAdmite = (estado: string) =>
  (ESTADOS_EN_CAMINO as readonly string[]).includes(estado) ? NOTAS_MSG.enProceso(NOMBRE) : NOTAS_MSG.emitidaNoModificable(NOMBRE);

export async function editarNotaCredito(db: Db, actor: CompanyActor, id: number, body: NotaCreditoBorrador): Promise<NotaCreditoDetalle> {
  const alcance: AlcanceNotas = clientScopeValues(actor);
  const actual = found(await documentoEmitido(db, alcance, id, NOTA_CREDITO));
  if (!EDITABLES.includes(actual.FAC_ESTADO)) throw new HttpError(409, noAdmite(actual.FAC_ESTADO));
  const { nota, lineas } = await valoresDe(db, actor, body, id);
  await db.transaction(async (tx) => {
    const row = found(await lockNota(tx, NOTA_CREDITO, alcance, id));
    if (!EDITABLES.includes(row.FAC_ESTADO)) throw new HttpError(409, noAdmite(row.FAC_ESTADO));
    await replaceBorrador(tx, id, nota, lineas, []);
  });
  return (await buscarNotaCredito(db, alcance, id))!;
}

/**
 * One base per IVA rate for what remains: each rate's base less what the notes credited at it; when value notes at
 * other rates credited more (their sum with IVA passes what remains), the largest base gives up cents until it fits.
 */
function porTarifa(bases: Array<{ iva: string; base: string }>, restante: string) {
  const lineas = bases.map((b) => ({ ...b, centavos: Math.round(Number(b.base) * 100) }));
  const total = () =>
    calcularLineas(lineas.map((l) => ({ cantidad: '1', precioUnitario: (l.centavos / 100).toFixed(2), codigoPorcentaje: l.iva }))).total;
  const tope = Math.round(Number(restante) * 100);
  for (let exceso = Math.round(Number(total()) * 100) - tope; exceso > 0; exceso = Math.round(Number(total()) * 100) - tope) {
    const mayor = lineas.reduce((a, b) => (b.centavos > a.centavos ? b : a));
    const tarifa = 1 + Number(tarifaIva(mayor.iva)?.tarifa ?? 0) / 100;
    mayor.centavos = Math.max(0, mayor.centavos - Math.max(1, Math.floor(exceso / tarifa)));
  }
  return lineas.filter((l) => l.centavos > 0).map((l) => ({ iva: l.iva, base: (l.centavos / 100).toFixed(2) }));
}

/**
 * "Anular con nota de crédito": the draft that credits all that remains of the invoice. Nothing credited yet: every
 * line whole (its totals are the invoice's). Earlier notes returned lines only: every line with what is left of it.
 * Earlier notes credited values: one line per IVA rate for the base that remains of it.
 */
export async function anularConNota(db: Db, actor: CompanyActor, facturaId: number, motivo: string): Promise<NotaCreditoDetalle> {
  const alcance = clientScopeValues(actor);
  const factura = await facturaParaNota(db, alcance, facturaId, NOMBRE);
  const [restante, lineas, devueltas] = await Promise.all([
    restanteDe(db, factura),
    lineasConRestante(db, facturaId),
    lineasFacturaDevueltas(db, facturaId),
  ]);
  if (Number(restante) <= 0) throw new HttpError(400, NOTAS_MSG.nadaQueAcreditar);
  const nada = restante === factura.FAC_TOTAL;
  // A line with a discount is copied whole or not at all: what is left of it after a partial return has no exact value.
  const intacta = (l: (typeof lineas)[number]) => Number(l.FDE_RESTANTE) === Number(l.FDE_CANTIDAD);
  const porLinea =
    nada || (devueltas.soloLineas && lineas.every((l) => Number(l.FDE_DESCUENTO) === 0 || intacta(l) || Number(l.FDE_RESTANTE) === 0));
  const cuerpo: NotaCreditoBorrador['lineas'] = porLinea
    ? lineas
        .filter((l) => Number(l.FDE_RESTANTE) > 0)
        .map((l) => ({
          FDE_LINEA_FACTURA: l.FDE_LINEA,
          CAT_CODIGO: l.CAT_CODIGO ?? null,
          FDE_PRINCIPAL: l.FDE_PRINCIPAL ?? null,
          FDE_DESCRIPCION: l.FDE_DESCRIPCION,
          FDE_CANTIDAD: l.FDE_RESTANTE,
          FDE_PRECIO: l.FDE_PRECIO,
          FDE_DESCUENTO: intacta(l) ? l.FDE_DESCUENTO : '0',
          FDE_IVA: l.FDE_IVA,
        }))
    : porTarifa(devueltas.basesRestantes, restante).map((b) => ({
        FDE_DESCRIPCION: `Saldo de la factura ${factura.FAC_NUMERO}`,
        FDE_CANTIDAD: '1',
        FDE_PRECIO: b.base,
        FDE_IVA: b.iva,
      }));
  return crearNotaCredito(db, actor, {
    FAC_MODIFICA: facturaId,
    PEM_CODIGO: factura.PEM_CODIGO,
    FAC_MOTIVO: motivo,
    lineas: cuerpo,
  });
}
