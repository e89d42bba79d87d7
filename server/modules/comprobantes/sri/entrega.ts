/**
 * Delivering an authorized document of any type: an email to the buyer with the authorized XML and the RIDE attached,
 * to the addresses the document itself carries (its "Email" additional field: what the buyer had when it was issued),
 * or to others the user writes. Answers to the company's own address. The subject, the words and the attachments'
 * names come from its type: "Factura electrónica 001-001-000000123 de X", factura-001-001-000000123.pdf.
 */
import { eq } from 'drizzle-orm';
import type { Executor } from '../../../infra/db/client';
import { empresas, facturas } from '../../../infra/db/schema';
import type { FileStore } from '../../../infra/files';
import type { Mailer } from '../../../infra/mail';
import { leerComprobanteXml } from '../comprobante-xml';
import { rideDe, xmlAutorizado } from '../documentos';
import type { DibujanteRide } from '../ride-hilos';
import type { TipoComprobante } from '../tipo';

export type ResultadoEntrega = { estado: 'ENVIADA' | 'SIN_CORREO'; detalle: string };

const CORREO = /^[^\s@,;<>]+@[^\s@,;<>]+\.[^\s@,;<>]+$/;

/** The addresses in a list written with commas or semicolons; the invalid ones apart. */
export function direcciones(texto: string): { validas: string[]; invalidas: string[] } {
  const todas = texto
    .split(/[,;]/)
    .map((d) => d.trim())
    .filter(Boolean);
  return { validas: [...new Set(todas.filter((d) => CORREO.test(d)))], invalidas: todas.filter((d) => !CORREO.test(d)) };
}

/** Made once: building a DateTimeFormat costs more than formatting with it. */
const FECHA_LARGA = new Intl.DateTimeFormat('es-EC', { dateStyle: 'long', timeStyle: 'short', timeZone: 'America/Guayaquil' });

/** "Nota de crédito" from "nota de crédito". */
const capitalizado = (texto: string) => texto.charAt(0).toUpperCase() + texto.slice(1);

export type DependenciasEntrega = {
  db: Executor;
  files: FileStore;
  mailer: Mailer;
  ride: DibujanteRide;
  /** The registry's lookup (server/modules/tipos.ts): the document's type by its FAC_TIPO. */
  tipos: (codDoc: string) => TipoComprobante;
};

/** What delivering reads of the document and its company (FilaEntrega). */
const COLUMNAS = {
  EMP_CODIGO: facturas.EMP_CODIGO,
  FAC_TIPO: facturas.FAC_TIPO,
  FAC_NUMERO: facturas.FAC_NUMERO,
  FAC_XML: facturas.FAC_XML,
  FAC_AUTORIZACION: facturas.FAC_AUTORIZACION,
  FAC_FECHA_AUTORIZACION: facturas.FAC_FECHA_AUTORIZACION,
  FAC_AMBIENTE: facturas.FAC_AMBIENTE,
  EMP_CORREO: empresas.EMP_CORREO,
  EMP_LOGO: empresas.EMP_LOGO,
};
export type FilaEntrega = Pick<
  typeof facturas.$inferSelect,
  'EMP_CODIGO' | 'FAC_TIPO' | 'FAC_NUMERO' | 'FAC_XML' | 'FAC_AUTORIZACION' | 'FAC_FECHA_AUTORIZACION' | 'FAC_AMBIENTE'
> &
  Pick<typeof empresas.$inferSelect, 'EMP_CORREO' | 'EMP_LOGO'>;

/**
 * Sends the document `id` of any type (AUTORIZADA or ANULADA is the caller's check) to `para`, or to the document's own
 * addresses. `fila`: the document's row when the caller already read it (the SRI's queue takes it with the task), not
 * read again. Throws what the mailer throws (the queue retries; the route answers it).
 */
export async function entregarComprobante(
  deps: DependenciasEntrega,
  id: number,
  para?: string[],
  fila?: FilaEntrega,
): Promise<ResultadoEntrega> {
  const [row] = fila
    ? [fila]
    : await deps.db
        .select(COLUMNAS)
        .from(facturas)
        .innerJoin(empresas, eq(empresas.EMP_CODIGO, facturas.EMP_CODIGO))
        .where(eq(facturas.FAC_CODIGO, id));
  if (!row?.FAC_XML || !row.FAC_AUTORIZACION || !row.FAC_FECHA_AUTORIZACION) throw new Error('El comprobante no está autorizado');
  const tipo = deps.tipos(row.FAC_TIPO);
  const documento = { ...row, FAC_XML: row.FAC_XML };
  const comprobante = await leerComprobanteXml(row.FAC_XML);
  const destinatarios =
    para ?? direcciones(comprobante.infoAdicional?.find((c) => c.nombre.toLowerCase() === 'email')?.valor ?? '').validas;
  if (destinatarios.length === 0) return { estado: 'SIN_CORREO', detalle: `La ${tipo.nombre} no tiene correo del comprador.` };

  const it = comprobante.infoTributaria;
  const emisor = it.nombreComercial || it.razonSocial;
  const numero = row.FAC_NUMERO ?? `${it.estab}-${it.ptoEmi}-${it.secuencial}`;
  const correo = tipo.correo(comprobante);
  const ride = await rideDe(deps, row.EMP_CODIGO, documento, tipo, { comprobante, logo: row.EMP_LOGO });
  await deps.mailer.send({
    to: destinatarios.join(', '),
    replyTo: row.EMP_CORREO || undefined,
    subject: `${capitalizado(tipo.nombre)} electrónica ${numero} de ${emisor}`,
    text: [
      `Estimado(a) ${correo.destinatario}:`,
      '',
      // A document without amounts (a guía de remisión) says none.
      `${it.razonSocial} le envía su ${tipo.nombre} electrónica ${numero}${correo.importe ? `, por USD ${correo.importe}` : ''}, autorizada por el SRI el ${FECHA_LARGA.format(new Date(row.FAC_FECHA_AUTORIZACION))}.`,
      '',
      `Número de autorización: ${row.FAC_AUTORIZACION}`,
      '',
      'Adjuntamos el comprobante electrónico (XML) y su representación impresa (RIDE, en PDF).',
      'Puede verificarla en el portal del SRI con su clave de acceso.',
    ].join('\n'),
    attachments: [
      { filename: `${tipo.archivo}-${numero}.xml`, content: Buffer.from(xmlAutorizado(documento)), contentType: 'application/xml' },
      { filename: `${tipo.archivo}-${numero}.pdf`, content: ride, contentType: 'application/pdf' },
    ],
  });
  return { estado: 'ENVIADA', detalle: destinatarios.join(', ') };
}
