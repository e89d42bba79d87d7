/**
 * The RIDE (Representación Impresa del Documento Electrónico) of any document: the PDF the recipient receives, laid
 * out as the SRI's sample RIDEs and Ecuadorian invoicing software print them. This is the frame every type shares
 * (issuer, logo, title and number, authorization, access key and its barcode, additional information, page numbers);
 * the body in between (recipient, lines, totals, payments) is data the type computes (`TipoComprobante.ride`,
 * tipo.ts). Drawn with pdfkit rather than pdfmake because pdfkit is already a dependency (the clients' PDF report,
 * clientesImportacion/reporte.ts, uses it the same way: standard Helvetica, explicit coordinates, pages broken by
 * hand).
 *
 * Every amount is printed as the body carries it, which is as the signed XML does: the RIDE never rounds.
 */
import PDFDocument from 'pdfkit';
import { dibujarDetalles, dibujarSecciones } from './ride-detalles';
import { dibujarEncabezado, type OpcionesRide } from './ride-encabezado';
import { numeroComprobante } from './ride-formato';
import { ANCHO, FUENTE, INICIO_CONTINUACION, MARGEN, NEGRITA, escribir, numerarPaginas, type Doc, type Lienzo } from './ride-pagina';
import { dibujarPie } from './ride-pie';
import { prepararFuentes } from './ride-texto';
import type { Comprobante, CuerpoRide } from './tipo';

export type { OpcionesRide } from './ride-encabezado';

/**
 * What a RIDE is drawn from, data only (it crosses to a worker thread): the document's infoTributaria and
 * infoAdicional, the body its type computed, and the type's title ("FACTURA", "NOTA DE CRÉDITO").
 */
export type DatosRide = {
  comprobante: Pick<Comprobante, 'infoTributaria' | 'infoAdicional'>;
  cuerpo: CuerpoRide;
  titulo: string;
  opciones?: OpcionesRide;
};

/** Pages after the first say whose document they belong to before the lines go on. */
function encabezadoContinuacion(doc: Doc, d: DatosRide, numero: string): number {
  const t = d.comprobante.infoTributaria;
  escribir(doc, t.razonSocial, MARGEN, MARGEN, ANCHO * 0.6, { negrita: true, tamano: 9 });
  escribir(doc, `${d.titulo} No. ${numero}`, MARGEN + ANCHO * 0.6, MARGEN, ANCHO * 0.4, { negrita: true, tamano: 9, alinear: 'right' });
  escribir(doc, `R.U.C.: ${t.ruc}    Clave de acceso: ${t.claveAcceso}`, MARGEN, MARGEN + 13, ANCHO, { tamano: 7.5 });
  return INICIO_CONTINUACION;
}

/** "NOTA DE CRÉDITO" → "Nota de crédito", for the PDF's title. */
const enFrase = (titulo: string) => {
  const minusculas = titulo.toLocaleLowerCase('es');
  return minusculas.charAt(0).toLocaleUpperCase('es') + minusculas.slice(1);
};

/** The document's RIDE as PDF bytes (A4 portrait). */
export async function dibujarRide(datos: DatosRide): Promise<Buffer> {
  const { comprobante, cuerpo, titulo, opciones = {} } = datos;
  const t = comprobante.infoTributaria;
  const numero = numeroComprobante(t.estab, t.ptoEmi, t.secuencial);
  const doc = new PDFDocument({
    size: 'A4',
    // No bottom margin for pdfkit: a text past it would start a page on its own; the blocks break pages themselves.
    margins: { top: MARGEN, left: MARGEN, right: MARGEN, bottom: 0 },
    // Buffered so that each page can say "de N" once N is known.
    bufferPages: true,
    // No default font: prepararFuentes gives it Helvetica and its bold with their metrics parsed once per process.
    font: null as unknown as string,
    info: { Title: `${enFrase(titulo)} ${numero}`, Author: t.razonSocial, Subject: `Clave de acceso ${t.claveAcceso}`, Creator: 'Amelia' },
  });
  prepararFuentes(doc, [FUENTE, NEGRITA]);
  const partes: Buffer[] = [];
  doc.on('data', (parte: Buffer) => partes.push(parte));
  const terminado = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(partes)));
    doc.on('error', reject);
  });

  const lienzo: Lienzo = {
    doc,
    y: MARGEN,
    nuevaPagina: () => {
      doc.addPage();
      lienzo.y = encabezadoContinuacion(doc, datos, numero);
    },
  };
  lienzo.y = dibujarEncabezado(doc, { infoTributaria: t, cuerpo, titulo }, opciones);
  if (cuerpo.tabla.columnas.length) dibujarDetalles(lienzo, cuerpo.tabla);
  if (cuerpo.secciones) dibujarSecciones(lienzo, cuerpo.secciones);
  dibujarPie(lienzo, comprobante.infoAdicional ?? [], cuerpo);
  numerarPaginas(doc, titulo, numero);
  doc.end();
  return terminado;
}
