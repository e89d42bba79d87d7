import type { Executor } from '../../infra/db/client';
import type { DatosRecibido } from '../../../domain/contratos/recibidos';

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

/**
 * Applies a client's retención to the company's invoices it names (numDocSustento), inside the import's transaction:
 * one collection (cobros, REC_CODIGO, no forma de pago) split over those invoices, never more than each still owes.
 * The answer says, in Spanish, what was applied or why nothing was.
 */
export async function aplicarRetencionRecibida(tx: Executor, empresa: number, r: RetencionDeCliente, usuario: number): Promise<Aplicacion> {
  void tx;
  void empresa;
  void r;
  void usuario;
  return { aplicada: false, mensaje: 'Aún no se aplica a las facturas' };
}
