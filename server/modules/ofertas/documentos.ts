/**
 * A quote's PDF and its email to the client: the PDF with the company's logo (the RIDE's), and the message with the
 * PDF attached, to the client's addresses or to those the user writes. Answers go to the company's address.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import type { FileStore } from '../../infra/files';
import type { Mailer } from '../../infra/mail';
import { ofertas } from '../../infra/db/schema';
import { found, HttpError } from '../../core/errors';
import type { Log } from '../../core/context';
import { ENVIO_MSG } from '../../../domain/clientes';
import { fechaCorta } from '../../../domain/fechas';
import { numeroOferta } from '../../../domain/ofertas';
import { FACTURAS_MSG } from '../../../domain/contratos/facturas';
import { OFERTAS_MSG, type OfertaDetalle } from '../../../domain/contratos/ofertas';
import { direcciones, logoEmpresa } from '../comprobantes';
import { calculoDe, clienteImpreso, empresaDeOferta, findOferta, type AlcanceOfertas } from './repo';
import { pdfOferta } from './pdf';

/** The quote's PDF and what the email says of the company. */
async function pdfDe(db: Db, files: FileStore, alcance: AlcanceOfertas, oferta: OfertaDetalle) {
  const [empresa, cliente, logo] = await Promise.all([
    empresaDeOferta(db, alcance.empresa),
    clienteImpreso(db, oferta.CLI_CODIGO),
    logoEmpresa(db, files, alcance.empresa),
  ]);
  const calculo = calculoDe(oferta.lineas);
  return { empresa, pdf: await pdfOferta({ empresa, cliente, oferta, calculo, logo }) };
}

/** The quote the scope sees as a PDF, with its file name (oferta-000123.pdf). */
export async function descargaOferta(deps: { db: Db; files: FileStore }, alcance: AlcanceOfertas, id: number) {
  const oferta = found(await findOferta(deps.db, alcance, id));
  const { pdf } = await pdfDe(deps.db, deps.files, alcance, oferta);
  return { name: `oferta-${numeroOferta(oferta.OFE_NUMERO)}.pdf`, type: 'application/pdf', body: pdf };
}

/**
 * Emails the quote to `para` or to the client's addresses. A BORRADOR becomes ENVIADA (a sent one stays so, an
 * accepted one keeps its state: a copy); an expired or declined quote is not offered (409). The send's time and
 * recipients are kept (OFE_ENVIADA, OFE_ENVIO_DETALLE).
 */
export async function enviarOferta(
  deps: { db: Db; files: FileStore; mailer: Mailer; log: Log },
  alcance: AlcanceOfertas,
  id: number,
  para: string | undefined,
): Promise<OfertaDetalle> {
  const { db } = deps;
  const oferta = found(await findOferta(db, alcance, id));
  if (oferta.OFE_ESTADO === 'VENCIDA') throw new HttpError(409, OFERTAS_MSG.vencida);
  if (oferta.OFE_ESTADO === 'RECHAZADA') throw new HttpError(409, OFERTAS_MSG.rechazada);
  let destinatarios: string[];
  if (para?.trim()) {
    const { validas, invalidas } = direcciones(para);
    if (invalidas.length) throw new HttpError(400, FACTURAS_MSG.correoInvalido(invalidas[0]!));
    destinatarios = validas;
  } else destinatarios = direcciones(oferta.CLI_CORREOS.join(',')).validas;
  if (destinatarios.length === 0) throw new HttpError(400, OFERTAS_MSG.sinCorreo);

  const { empresa, pdf } = await pdfDe(db, deps.files, alcance, oferta);
  const numero = numeroOferta(oferta.OFE_NUMERO);
  const nombre = empresa.EMP_NOMBREC || empresa.EMP_NOMBRE;
  try {
    await deps.mailer.send({
      to: destinatarios.join(', '),
      replyTo: empresa.EMP_CORREO || undefined,
      subject: `Oferta ${numero} de ${nombre}`,
      text: [
        `Estimado(a) ${oferta.CLI_RAZON_SOCIAL}:`,
        '',
        `${empresa.EMP_NOMBRE} le envía su oferta ${numero} del ${fechaCorta(oferta.OFE_FECHA)}, por un total de USD ${oferta.OFE_TOTAL}, válida hasta el ${fechaCorta(oferta.OFE_VALIDEZ)}.`,
        '',
        'Adjuntamos la oferta en PDF. No es un comprobante de venta: la factura electrónica se emite al concretarse la venta.',
      ].join('\n'),
      attachments: [{ filename: `oferta-${numero}.pdf`, content: pdf, contentType: 'application/pdf' }],
    });
  } catch (error) {
    deps.log.warn({ err: { message: (error as Error).message } }, 'no se pudo enviar una oferta por correo');
    throw new HttpError(502, ENVIO_MSG.correoFallido);
  }
  await db
    .update(ofertas)
    .set({
      // Read at the update: a quote accepted meanwhile keeps its state.
      OFE_ESTADO: sql`CASE WHEN ${ofertas.OFE_ESTADO} = 'BORRADOR' THEN 'ENVIADA' ELSE ${ofertas.OFE_ESTADO} END`,
      OFE_ENVIADA: new Date(),
      OFE_ENVIO_DETALLE: destinatarios.join(', ').slice(0, 500),
    })
    .where(eq(ofertas.OFE_CODIGO, id));
  return found(await findOferta(db, alcance, id));
}
