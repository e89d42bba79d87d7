/**
 * The invoice a note modifies, judged for both notes, and its summary (GET /factura/:facturaId): what is left to credit
 * of it and of each line, and its credit and debit notes in one answer for the invoice's page and the notes' forms.
 */
import type { Executor } from '../../infra/db/client';
import { found, HttpError } from '../../core/errors';
import { esDia, hoyEcuador } from '../../../domain/fechas';
import { escalar, formatear, leerDecimal } from '../../../domain/comprobantes/decimal';
import { FACTURA_MSG, type ErrorFactura, type Numero } from '../../../domain/facturas';
import type { TotalesNota } from '../../../domain/contratos/notasCredito';
import { NOTAS_MSG, type ResumenFacturaNotas } from '../../../domain/contratos/notasCredito';
import { esConsumidorFinal, fechaLimiteNotaCredito, porDevolver, saldoPorAcreditar } from '../../../domain/notasCredito/reglas';
import {
  acreditado,
  facturaDeNotaBloqueada,
  facturaModificada,
  lineaRespuesta,
  notasDeFactura,
  saldoFactura,
  type AlcanceNotas,
  type FacturaModificada,
} from './notas-repo';
import { fijo } from './filas';

/** The note's date: the one sent, or today in Ecuador; a day that does not exist is a 400. */
export function fechaNota(fecha: string | undefined): string {
  const dia = fecha ?? hoyEcuador();
  if (!esDia(dia)) throw new HttpError(400, NOTAS_MSG.fecha);
  return dia;
}

const TOTALES = { FAC_SUBTOTAL: 'El subtotal sin impuestos', FAC_IVA: 'El IVA', FAC_TOTAL: 'El total de la nota' } as const;

/** What the screen showed against the server's computation, to the cent (each total sent must match). */
export function compararTotalesNota(declarados: TotalesNota | undefined, calculados: Record<keyof typeof TOTALES, string>): ErrorFactura[] {
  if (!declarados) return [];
  return (Object.keys(TOTALES) as Array<keyof typeof TOTALES>).flatMap((campo) => {
    const enviado: Numero = declarados[campo];
    const leido = leerDecimal(enviado);
    const igual = leido.ok && leido.decimales <= 2 && formatear(escalar(leido, 2), 2) === calculados[campo];
    return igual ? [] : [{ campo, mensaje: FACTURA_MSG.totalNoCoincide(TOTALES[campo], String(enviado), calculados[campo]) }];
  });
}

/** The invoice, if a note of type `nombre` may modify it: 404 when none, 400 when not a factura or not AUTORIZADA. */
function paraNota(factura: FacturaModificada | undefined, nombre: string) {
  const f = found(factura);
  if (f.FAC_TIPO !== '01') throw new HttpError(400, NOTAS_MSG.noEsFactura);
  if (f.FAC_ESTADO !== 'AUTORIZADA' || !f.FAC_NUMERO) throw new HttpError(400, NOTAS_MSG.facturaNoAutorizada(nombre));
  return f as FacturaModificada & { FAC_NUMERO: string };
}

/**
 * The invoice `id` the scope sees, if a note of type `nombre` may modify it: 404 when it is not the caller's (or not
 * found), 400 when it is not a factura or not AUTORIZADA. Issuing judges it again under lock (facturaDeNota).
 */
export async function facturaParaNota(db: Executor, alcance: AlcanceNotas, id: number, nombre: string) {
  return paraNota(await facturaModificada(db, alcance, id), nombre);
}

/**
 * Inside the issuing transaction of the note `id` (of type `nombre`): the invoice it modifies, locked and judged as
 * facturaParaNota does, and the note's reason.
 */
export async function facturaDeNota(tx: Executor, id: number, nombre: string) {
  const leida = await facturaDeNotaBloqueada(tx, id);
  return { factura: paraNota(leida?.factura, nombre), motivo: leida?.motivo ?? '' };
}

export const esDeConsumidorFinal = (f: FacturaModificada) =>
  f.CLI_CONSUMIDOR_FINAL || esConsumidorFinal({ tipoIdentificacion: f.CLI_TIPO_IDENTIFICACION, identificacion: f.CLI_IDENTIFICACION });

/**
 * The invoice's lines with what is left to return of each, and what its credit notes credited (the counted ones but
 * `excepto`), read in one statement.
 */
export async function saldoParaNota(db: Executor, factura: number, excepto?: number) {
  const saldo = await saldoFactura(db, factura, excepto);
  const lineas = saldo.lineas.map(({ linea, devuelto }) => ({
    ...lineaRespuesta(linea),
    FDE_LINEA: linea.FDE_LINEA,
    FDE_RESTANTE: fijo(porDevolver(linea.FDE_CANTIDAD, [devuelto]), 6),
  }));
  return { lineas, acreditado: saldo.acreditado };
}

/** The invoice's lines with what is left to return of each (the counted credit notes but `excepto`). */
export async function lineasConRestante(db: Executor, factura: number, excepto?: number) {
  return (await saldoParaNota(db, factura, excepto)).lineas;
}

/** What remains to credit of the invoice: its total less its counted credit notes but `excepto` ("12.34"). */
export async function restanteDe(db: Executor, factura: { FAC_CODIGO: number; FAC_TOTAL: string }, excepto?: number) {
  return saldoPorAcreditar(factura.FAC_TOTAL, [await acreditado(db, factura.FAC_CODIGO, excepto)]);
}

export async function resumenFactura(db: Executor, alcance: AlcanceNotas, id: number): Promise<ResumenFacturaNotas> {
  const factura = found(await facturaModificada(db, alcance, id));
  if (factura.FAC_TIPO !== '01') throw new HttpError(400, NOTAS_MSG.noEsFactura);
  const [lineas, notas, restante] = await Promise.all([lineasConRestante(db, id), notasDeFactura(db, id), restanteDe(db, factura)]);
  const { CLI_CONSUMIDOR_FINAL: _, FAC_TIPO: __, ...cabecera } = factura;
  return {
    factura: {
      ...cabecera,
      lineas,
      consumidorFinal: esDeConsumidorFinal(factura),
      vencida: hoyEcuador() > fechaLimiteNotaCredito(factura.FAC_FECHA),
    },
    notas: notas.creditos,
    restante,
    debitos: notas.debitos,
  };
}
