import type { InfoTributaria } from '../../../domain/facturas/comprobante';
import { dibujarCode128 } from './ride-barras';
import { fechaAutorizacion, nombreAmbiente, numeroComprobante } from './ride-formato';
import { ANCHO, BORDE, MARGEN, caja, escribir, etiquetaValor, type Doc } from './ride-pagina';
import type { CuerpoRide } from './tipo';

export type OpcionesRide = {
  /** PNG or JPEG. */
  logo?: Buffer;
  /** In the offline scheme the authorization number is the access key; the date is the SRI's. */
  autorizacion?: { numero: string; fecha: Date };
  /** The document's state in words ("AUTORIZADO", "NO AUTORIZADO"...), printed when given. */
  estado?: string;
};

const ANCHO_IZQUIERDA = 266;
const SEPARACION = 10;
const RELLENO = 8;
const LOGO = { ancho: 180, alto: 80 };

/** What the heading reads: the issuer's tax data, the type's body (its issuer fields and recipient) and its title. */
export type DatosEncabezado = { infoTributaria: InfoTributaria; cuerpo: CuerpoRide; titulo: string };

/** pdfkit opens images itself but its typings omit openImage: the logo's size is needed to keep its aspect. */
type ImagenAbierta = { width: number; height: number };
const abrirImagen = (doc: Doc, imagen: Buffer) => (doc as unknown as { openImage(src: Buffer): ImagenAbierta }).openImage(imagen);

/** The logo scaled into LOGO keeping its aspect; its height, or 0 when there is none. */
export function dibujarLogo(doc: Doc, logo: Buffer | undefined): number {
  if (!logo) return 0;
  let imagen: ImagenAbierta;
  try {
    imagen = abrirImagen(doc, logo);
  } catch {
    // A logo pdfkit cannot read (neither PNG nor JPEG) must not keep the buyer from getting the invoice.
    return 0;
  }
  const escala = Math.min(LOGO.ancho / imagen.width, LOGO.alto / imagen.height);
  const alto = imagen.height * escala;
  doc.image(imagen as unknown as Buffer, MARGEN, MARGEN, { width: imagen.width * escala, height: alto });
  return alto + 8;
}

/** The issuer's legal data, as the SRI's sample RIDE lists it; returns where the text ends. */
function dibujarEmisor(doc: Doc, { infoTributaria: t, cuerpo }: DatosEncabezado, y0: number): number {
  const f = cuerpo.emisor ?? {};
  const x = MARGEN + RELLENO;
  const w = ANCHO_IZQUIERDA - 2 * RELLENO;
  let y = y0 + RELLENO;
  y += escribir(doc, t.razonSocial, x, y, w, { negrita: true, tamano: 10 }) + 3;
  if (t.nombreComercial) y += escribir(doc, t.nombreComercial, x, y, w, { tamano: 9 }) + 5;
  y += etiquetaValor(doc, 'Dirección Matriz:', t.dirMatriz, x, y, w) + 3;
  if (f.dirEstablecimiento) y += etiquetaValor(doc, 'Dirección Sucursal:', f.dirEstablecimiento, x, y, w) + 3;
  if (f.contribuyenteEspecial) y += etiquetaValor(doc, 'Contribuyente Especial Nro:', f.contribuyenteEspecial, x, y, w) + 3;
  if (f.obligadoContabilidad) y += etiquetaValor(doc, 'OBLIGADO A LLEVAR CONTABILIDAD:', f.obligadoContabilidad, x, y, w) + 3;
  if (t.contribuyenteRimpe) y += escribir(doc, t.contribuyenteRimpe, x, y, w, { negrita: true }) + 3;
  if (t.agenteRetencion) y += etiquetaValor(doc, 'Agente de Retención Resolución No.', t.agenteRetencion, x, y, w) + 3;
  return y + RELLENO - 3;
}

/** R.U.C., document and number, authorization, environment, access key with its barcode. */
function dibujarAutorizacion(doc: Doc, { infoTributaria: t, titulo }: DatosEncabezado, o: OpcionesRide): number {
  const x = MARGEN + ANCHO_IZQUIERDA + SEPARACION + RELLENO;
  const w = ANCHO - ANCHO_IZQUIERDA - SEPARACION - 2 * RELLENO;
  let y = MARGEN + RELLENO;
  y += escribir(doc, `R.U.C.: ${t.ruc}`, x, y, w, { negrita: true, tamano: 11 }) + 5;
  y += escribir(doc, titulo, x, y, w, { negrita: true, tamano: 14 }) + 3;
  y += escribir(doc, `No. ${numeroComprobante(t.estab, t.ptoEmi, t.secuencial)}`, x, y, w, { tamano: 11 }) + 7;
  y += escribir(doc, 'NÚMERO DE AUTORIZACIÓN', x, y, w, { negrita: true }) + 2;
  if (o.autorizacion) {
    y += escribir(doc, o.autorizacion.numero, x, y, w) + 5;
    y += etiquetaValor(doc, 'FECHA Y HORA DE AUTORIZACIÓN:', fechaAutorizacion(o.autorizacion.fecha), x, y, w) + 3;
  } else {
    y += escribir(doc, 'PENDIENTE DE AUTORIZACIÓN', x, y, w, { negrita: true, tamano: 9, color: '#b00020' }) + 5;
  }
  if (o.estado) y += etiquetaValor(doc, 'ESTADO:', o.estado, x, y, w) + 3;
  y += etiquetaValor(doc, 'AMBIENTE:', nombreAmbiente(t.ambiente), x, y, w) + 3;
  y += etiquetaValor(doc, 'EMISIÓN:', 'NORMAL', x, y, w) + 6;
  y += escribir(doc, 'CLAVE DE ACCESO', x, y, w, { negrita: true }) + 3;
  const altoBarras = 36;
  dibujarCode128(doc, t.claveAcceso, x, y, w, altoBarras);
  y += altoBarras + 3;
  y += escribir(doc, t.claveAcceso, x, y, w, { tamano: 7.5, alinear: 'center' });
  return y + RELLENO;
}

/**
 * The recipient's box: the first two pairs share a row (name on the left, identification on the right), each other
 * pair takes a row; the document a note modifies goes under a rule. Returns where the box ends.
 */
function dibujarReceptor(doc: Doc, { receptor, modificado = [] }: CuerpoRide, y0: number): number {
  const x = MARGEN + RELLENO;
  const anchoNombre = ANCHO * 0.64;
  const xDerecha = MARGEN + anchoNombre + SEPARACION;
  const wDerecha = ANCHO - anchoNombre - SEPARACION - RELLENO;
  const wFila = ANCHO - 2 * RELLENO;
  const [nombre, identificacion, ...resto] = receptor;
  let y = y0 + 6;
  if (nombre) {
    const hNombre = etiquetaValor(doc, nombre[0], nombre[1], x, y, identificacion ? anchoNombre - RELLENO : wFila);
    const hIdentificacion = identificacion ? etiquetaValor(doc, identificacion[0], identificacion[1], xDerecha, y, wDerecha) : 0;
    y += Math.max(hNombre, hIdentificacion) + 3;
  }
  for (const [etiqueta, valor] of resto) y += etiquetaValor(doc, etiqueta, valor, x, y, wFila) + 3;
  if (modificado.length) {
    y += 2;
    doc
      .lineWidth(0.5)
      .strokeColor(BORDE)
      .moveTo(MARGEN, y)
      .lineTo(MARGEN + ANCHO, y)
      .stroke();
    y += 6;
    for (const [etiqueta, valor] of modificado) y += etiquetaValor(doc, etiqueta, valor, x, y, wFila) + 3;
  }
  const fin = y + 3;
  caja(doc, MARGEN, y0, ANCHO, fin - y0);
  return fin;
}

/** The first page's heading: issuer (with logo), authorization box and recipient. Returns where the lines may start. */
export function dibujarEncabezado(doc: Doc, c: DatosEncabezado, o: OpcionesRide): number {
  const inicioEmisor = MARGEN + dibujarLogo(doc, o.logo);
  const finEmisor = dibujarEmisor(doc, c, inicioEmisor);
  const finAutorizacion = dibujarAutorizacion(doc, c, o);
  // Both boxes end on the same line, as on every RIDE: the shorter one stretches.
  const fin = Math.max(finEmisor, finAutorizacion);
  caja(doc, MARGEN, inicioEmisor, ANCHO_IZQUIERDA, fin - inicioEmisor, 6);
  caja(doc, MARGEN + ANCHO_IZQUIERDA + SEPARACION, MARGEN, ANCHO - ANCHO_IZQUIERDA - SEPARACION, fin - MARGEN, 6);
  return dibujarReceptor(doc, c.cuerpo, fin + 8) + 8;
}
