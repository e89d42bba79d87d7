import type { Executor } from '../../infra/db/client';
import type { DatosRecibido } from '../../../domain/contratos/recibidos';
import { hoyEcuador } from '../../../domain/fechas';
import { RETENCION_RECIBIDA_MSG as M } from './contract';
import { bloquearFacturas, facturasPorNumero, insertarCobro } from './repo';
import { deuda, usd } from './service';

/** A client's comprobante de retención just recorded (recibidos), as the collections need it. */
export type RetencionDeCliente = {
  REC_CODIGO: number;
  REC_NUMERO: string;
  REC_FECHA: string;
  REC_EMISOR_RUC: string;
  CLI_CODIGO: number | null;
  datos: DatosRecibido;
};

export type Aplicacion = { aplicada: true; mensaje: string } | { aplicada: false; mensaje: string };

/** The withholdings on the company's facturas, summed per invoice number (a retención may withhold renta and IVA of one). */
function retenidoPorFactura(datos: DatosRecibido): { porFactura: Map<string, bigint>; otros: string[] } {
  const porFactura = new Map<string, bigint>();
  const otros: string[] = [];
  for (const r of datos.retenciones ?? []) {
    if (r.codDocSustento !== '01') {
      const motivo = M.noEsFactura(r.codDocSustento, r.numDocSustento);
      if (!otros.includes(motivo)) otros.push(motivo);
      continue;
    }
    porFactura.set(r.numDocSustento, (porFactura.get(r.numDocSustento) ?? 0n) + deuda(r.valorRetenido));
  }
  return { porFactura, otros };
}

/** Whether a client's identification is the retención's issuer: its RUC, or the cédula a person's RUC begins with. */
const delEmisor = (identificacion: string | null, ruc: string) =>
  identificacion === ruc || (ruc.length === 13 && ruc.endsWith('001') && identificacion === ruc.slice(0, 10));

/**
 * Applies a client's retención to the company's invoices it names (numDocSustento), inside the import's transaction:
 * one collection (cobros, REC_CODIGO, no forma de pago) split over those invoices, never more than each still owes.
 * An invoice is applied to only when it is the company's factura, AUTORIZADA, of the client whose identification is
 * the retención's issuer (REC_EMISOR_RUC); the invoices are locked before their balances are read, so that a collection
 * registered meanwhile is counted. The answer says, in Spanish, what was applied or why nothing was, per invoice.
 */
export async function aplicarRetencionRecibida(tx: Executor, empresa: number, r: RetencionDeCliente, usuario: number): Promise<Aplicacion> {
  const { porFactura, otros } = retenidoPorFactura(r.datos);
  const numeros = [...porFactura.keys()].filter((n) => (porFactura.get(n) ?? 0n) > 0n);
  if (numeros.length === 0) return { aplicada: false, mensaje: otros.length ? otros.join('. ') : M.sinRetenciones };

  const encontradas = await facturasPorNumero(tx, empresa, numeros);
  const bloqueadas = encontradas.length
    ? await bloquearFacturas(
        tx,
        { empresa, cliente: r.CLI_CODIGO ?? 0, hoy: hoyEcuador() },
        encontradas.map((f) => f.FAC_CODIGO),
      )
    : [];
  const porNumero = new Map(encontradas.map((f) => [f.FAC_NUMERO, f]));
  const bloqueada = new Map(bloqueadas.map((f) => [f.FAC_CODIGO, f]));

  const mensajes: string[] = [];
  const aplicaciones: Array<{ FAC_CODIGO: number; valor: string }> = [];
  let cliente: number | null = null;
  let total = 0n;
  for (const numero of numeros) {
    const retenido = porFactura.get(numero)!;
    const f = porNumero.get(numero);
    const b = f && bloqueada.get(f.FAC_CODIGO);
    if (!f || !b) {
      mensajes.push(M.noExiste(numero));
      continue;
    }
    // The invoice's client is the retención's issuer (by its RUC, or the cédula inside a person's RUC), and the one the
    // import recognised when it did.
    if (
      !delEmisor(f.CLI_IDENTIFICACION, r.REC_EMISOR_RUC) ||
      b.CLI_CODIGO === null ||
      (r.CLI_CODIGO !== null && b.CLI_CODIGO !== r.CLI_CODIGO)
    ) {
      mensajes.push(M.deOtroCliente(numero));
      continue;
    }
    if (b.FAC_ESTADO !== 'AUTORIZADA') {
      mensajes.push(M.noAutorizada(numero));
      continue;
    }
    const saldo = deuda(b.saldo);
    if (saldo <= 0n) {
      mensajes.push(M.sinSaldo(numero));
      continue;
    }
    const valor = retenido > saldo ? saldo : retenido;
    mensajes.push(valor < retenido ? M.aplicadaHastaSaldo(numero, usd(valor), usd(retenido)) : M.aplicada(numero, usd(valor)));
    aplicaciones.push({ FAC_CODIGO: b.FAC_CODIGO, valor: usd(valor) });
    cliente = b.CLI_CODIGO;
    total += valor;
  }
  mensajes.push(...otros);
  if (cliente === null || total === 0n) return { aplicada: false, mensaje: mensajes.join('. ') };

  await insertarCobro(
    tx,
    {
      empresa,
      cliente,
      fecha: r.REC_FECHA,
      valor: usd(total),
      forma: null,
      recibido: r.REC_CODIGO,
      referencia: `Retención ${r.REC_NUMERO}`,
      usuario,
    },
    aplicaciones,
  );
  return { aplicada: true, mensaje: mensajes.join('. ') };
}
