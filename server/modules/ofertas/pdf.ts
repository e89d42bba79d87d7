/**
 * The quote as a PDF (A4), drawn with the RIDE's own pieces (the core's face): the company's logo and data beside
 * "OFERTA No. 000123" with its date and validity, the client's box, the lines' table as the invoice prints it, the
 * notes beside the per-rate subtotals, IVA and total, and a line saying it is not a tax document.
 */
import {
  ANCHO,
  INICIO_CONTINUACION,
  LIMITE,
  MARGEN,
  caja,
  dibujarDetalles,
  dibujarLogo,
  dibujarPie,
  escribir,
  etiquetaValor,
  filasTotales,
  numerarPaginas,
  tablaLineas,
  type Lienzo,
} from '../comprobantes';
import { fechaCorta } from '../../../domain/fechas';
import { numeroOferta } from '../../../domain/ofertas';
import type { OfertaDetalle } from '../../../domain/contratos/ofertas';
import type { FacturaCalculada } from '../../../domain/facturas';

export const TITULO = 'OFERTA';
export const NO_TRIBUTARIO =
  'Esta oferta no es un comprobante de venta ni un documento tributario: la factura electrónica se emite al concretarse la venta.';

export type DatosPdfOferta = {
  empresa: {
    EMP_RUC: string;
    EMP_NOMBRE: string;
    EMP_NOMBREC: string;
    EMP_DIRECCION: string | null;
    EMP_TELEFONO: string | null;
    EMP_CORREO: string;
  };
  cliente: { CLI_DIRECCION: string | null; CLI_TELEFONOS: string[] } | undefined;
  oferta: OfertaDetalle;
  calculo: FacturaCalculada;
  logo?: Buffer;
};

const ANCHO_IZQUIERDA = 266;
const SEPARACION = 10;
const RELLENO = 8;

/** The company's box under its logo, and the quote's box beside it; both end on the same line. Returns where. */
function encabezado(l: Lienzo, { empresa: e, oferta, logo }: DatosPdfOferta): number {
  const { doc } = l;
  const inicioEmpresa = MARGEN + dibujarLogo(doc, logo);
  let x = MARGEN + RELLENO;
  let w = ANCHO_IZQUIERDA - 2 * RELLENO;
  let y = inicioEmpresa + RELLENO;
  y += escribir(doc, e.EMP_NOMBRE, x, y, w, { negrita: true, tamano: 10 }) + 3;
  if (e.EMP_NOMBREC && e.EMP_NOMBREC !== e.EMP_NOMBRE) y += escribir(doc, e.EMP_NOMBREC, x, y, w, { tamano: 9 }) + 5;
  y += etiquetaValor(doc, 'R.U.C.:', e.EMP_RUC, x, y, w) + 3;
  if (e.EMP_DIRECCION) y += etiquetaValor(doc, 'Dirección:', e.EMP_DIRECCION, x, y, w) + 3;
  if (e.EMP_TELEFONO) y += etiquetaValor(doc, 'Teléfono:', e.EMP_TELEFONO, x, y, w) + 3;
  y += etiquetaValor(doc, 'Correo:', e.EMP_CORREO, x, y, w) + 3;
  const finEmpresa = y + RELLENO - 3;

  x = MARGEN + ANCHO_IZQUIERDA + SEPARACION + RELLENO;
  w = ANCHO - ANCHO_IZQUIERDA - SEPARACION - 2 * RELLENO;
  y = MARGEN + RELLENO;
  y += escribir(doc, TITULO, x, y, w, { negrita: true, tamano: 14 }) + 3;
  y += escribir(doc, `No. ${numeroOferta(oferta.OFE_NUMERO)}`, x, y, w, { tamano: 11 }) + 7;
  y += etiquetaValor(doc, 'Fecha:', fechaCorta(oferta.OFE_FECHA), x, y, w, 9) + 3;
  y += etiquetaValor(doc, 'Válida hasta:', fechaCorta(oferta.OFE_VALIDEZ), x, y, w, 9) + 3;
  const finOferta = y + RELLENO;

  const fin = Math.max(finEmpresa, finOferta);
  caja(doc, MARGEN, inicioEmpresa, ANCHO_IZQUIERDA, fin - inicioEmpresa, 6);
  caja(doc, MARGEN + ANCHO_IZQUIERDA + SEPARACION, MARGEN, ANCHO - ANCHO_IZQUIERDA - SEPARACION, fin - MARGEN, 6);
  return fin + 8;
}

/** The client's box: name and identification on the first row, then address, phones and email when there are. */
function cajaCliente(l: Lienzo, { oferta: o, cliente }: DatosPdfOferta, y0: number): number {
  const { doc } = l;
  const x = MARGEN + RELLENO;
  const w = ANCHO - 2 * RELLENO;
  const anchoNombre = ANCHO * 0.64;
  let y = y0 + 6;
  const hNombre = etiquetaValor(doc, 'Cliente:', o.CLI_RAZON_SOCIAL, x, y, anchoNombre - RELLENO);
  const xDerecha = MARGEN + anchoNombre + SEPARACION;
  const hId = etiquetaValor(doc, 'Identificación:', o.CLI_IDENTIFICACION, xDerecha, y, ANCHO - anchoNombre - SEPARACION - RELLENO);
  y += Math.max(hNombre, hId) + 3;
  if (cliente?.CLI_DIRECCION) y += etiquetaValor(doc, 'Dirección:', cliente.CLI_DIRECCION, x, y, w) + 3;
  if (cliente?.CLI_TELEFONOS.length) y += etiquetaValor(doc, 'Teléfono:', cliente.CLI_TELEFONOS.join(', '), x, y, w) + 3;
  if (o.CLI_CORREOS.length) y += etiquetaValor(doc, 'Correo:', o.CLI_CORREOS.join(', '), x, y, w) + 3;
  const fin = y + 3;
  caja(doc, MARGEN, y0, ANCHO, fin - y0);
  return fin + 8;
}

/** The quote's PDF bytes. */
export async function pdfOferta(datos: DatosPdfOferta): Promise<Buffer> {
  // pdfkit is loaded on the first quote printed, not at start-up.
  const { default: PDFDocument } = await import('pdfkit');
  const { oferta, empresa, calculo } = datos;
  const numero = numeroOferta(oferta.OFE_NUMERO);
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGEN, left: MARGEN, right: MARGEN, bottom: 0 },
    bufferPages: true,
    info: { Title: `Oferta ${numero}`, Author: empresa.EMP_NOMBRE, Creator: 'Amelia' },
  });
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
      escribir(doc, empresa.EMP_NOMBRE, MARGEN, MARGEN, ANCHO * 0.6, { negrita: true, tamano: 9 });
      escribir(doc, `${TITULO} No. ${numero}`, MARGEN + ANCHO * 0.6, MARGEN, ANCHO * 0.4, { negrita: true, tamano: 9, alinear: 'right' });
      lienzo.y = INICIO_CONTINUACION;
    },
  };
  lienzo.y = cajaCliente(lienzo, datos, encabezado(lienzo, datos));
  const tabla = tablaLineas(
    oferta.lineas.map((linea, i) => ({
      cantidad: linea.FDE_CANTIDAD,
      descripcion: linea.FDE_DESCRIPCION,
      precioUnitario: linea.FDE_PRECIO,
      descuento: linea.FDE_DESCUENTO,
      precioTotalSinImpuesto: calculo.lineas[i]?.precioTotalSinImpuesto ?? linea.FDE_SUBTOTAL,
      codigos: [linea.FDE_PRINCIPAL ?? '', linea.FDE_AUXILIAR ?? ''] as [string, string],
    })),
    (d) => d.codigos,
  );
  dibujarDetalles(lienzo, tabla);
  const { totalConImpuestos, totalSinImpuestos, totalDescuento, importeTotal } = calculo;
  // A quote has no tip: its totals end at the total, as a liquidación's do.
  const totales = filasTotales({ totalConImpuestos, totalSinImpuestos, totalDescuento, importeTotal }).map((f): [string, string] => [
    f.etiqueta,
    f.valor,
  ]);
  const notas = oferta.OFE_NOTAS ? [{ nombre: 'Notas', valor: oferta.OFE_NOTAS }] : [];
  dibujarPie(lienzo, notas, { receptor: [], tabla, totales });
  if (lienzo.y + 24 > LIMITE) lienzo.nuevaPagina();
  escribir(doc, NO_TRIBUTARIO, MARGEN, lienzo.y + 10, ANCHO, { tamano: 8, color: '#444444', alinear: 'center' });
  numerarPaginas(doc, TITULO, numero);
  doc.end();
  return terminado;
}
