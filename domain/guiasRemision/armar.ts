/**
 * Builds the guía de remisión exactly as the XML and the RIDE carry it (comprobante.ts): the shared part (armarComunes
 * with codDoc 06, which names the carrier "del transportista"), the transport (departure, dates, plate) and each
 * destinatario with its support document and goods, every rule of GuiaRemision_V1.1.0.xsd checked with a Spanish
 * message that names the destinatario and the good.
 *
 * The carrier is the document's recipient for the SRI, but the guía travels with the goods to the destinatarios: the
 * "Email" additional field (which the core's email reads) holds their addresses, not the carrier's, and the carrier's
 * address and phone stay out of the additional information.
 */
import { escalar, formatear, leerDecimal, digitosEnteros } from '../comprobantes/decimal';
import {
  armarComunes,
  fechaEmisionEcuador,
  revisarCamposAdicionales,
  sinAusentes,
  texto,
  unaLinea,
  type DatosComunes,
  type Registro,
} from '../comprobantes/datos-comunes';
import type { ErrorFactura, Numero } from '../facturas/calculo';
import type { ComprobanteGuiaRemision, DestinatarioGuia, DetalleGuia, InfoGuiaRemision } from './comprobante';
import { enBien, enDestinatario, GUIA_MSG, LIMITES_GUIA } from './mensajes';

/** codDocSustento of a factura, the only support document the app cites. */
export const SUSTENTO_FACTURA = '01';

export type BienGuia = {
  codigoInterno?: string | null;
  codigoAdicional?: string | null;
  descripcion: string;
  cantidad: Numero;
  adicionales?: ReadonlyArray<{ nombre: string; valor: string }> | null;
};

export type DestinatarioEntrada = {
  identificacion: string;
  razonSocial: string;
  direccion: string;
  correos: readonly string[];
  motivo: string;
  docAduanero?: string | null;
  estabDestino?: string | null;
  ruta?: string | null;
  /** The AUTORIZADA factura the transfer stands on: its number 001-001-000000123, access key, YYYY-MM-DD. */
  sustento?: { numero: string; autorizacion: string; fecha: string } | null;
  detalles: readonly BienGuia[];
};

export type DatosGuia = DatosComunes & {
  transporte: { dirPartida: string; fechaInicio: string; fechaFin: string; placa: string };
  destinatarios: readonly DestinatarioEntrada[];
};

export type ResultadoGuia = { ok: true; comprobante: ComprobanteGuiaRemision } | { ok: false; errores: ErrorFactura[] };

/** texto() words its messages as sentences ("Ingrese la ruta."); after "Destinatario 2: " they start in lower case. */
const minuscula = (t: string) => t.charAt(0).toLowerCase() + t.slice(1);

/** dd/mm/aaaa of a YYYY-MM-DD day of this century (the schema's pattern says 20xx); null otherwise. */
function fechaSri(dia: string | null | undefined): string | null {
  const fecha = typeof dia === 'string' ? fechaEmisionEcuador(dia) : null;
  return fecha && /\/20\d\d$/.test(fecha) ? fecha : null;
}

/** The quantity with 6 decimals, or why not: > 0, at most 6 decimals and 12 integer digits (totalDigits 18). */
function cantidad(valor: Numero | null | undefined): { valor: string } | { error: string } {
  const l = leerDecimal(valor);
  if (!l.ok) return { error: l.motivo === 'vacio' ? GUIA_MSG.cantidadRequerida : GUIA_MSG.cantidadFormato };
  if (l.valor <= 0n) return { error: GUIA_MSG.cantidadCero };
  if (l.decimales > 6) return { error: GUIA_MSG.cantidadDecimales };
  const escalada = escalar(l, 6);
  if (digitosEnteros(escalada, 6) > 12) return { error: GUIA_MSG.cantidadGrande };
  return { valor: formatear(escalada, 6) };
}

function bien(b: BienGuia, d: number, n: number, registrar: Registro): DetalleGuia {
  const en = (campo: string, mensaje: string) => registrar(`destinatarios.detalles.${campo}`, enBien(d, n, mensaje), d);
  const campo = (valor: unknown, nombre: string, clave: string, maximo: number, requerido = true) =>
    texto(valor, nombre, clave, (c, m) => en(c, minuscula(m)), maximo, requerido);
  const c = cantidad(b.cantidad);
  if ('error' in c) en('cantidad', c.error);
  const adicionales = (b.adicionales ?? []).flatMap((a, i) => {
    const nombre = unaLinea(a.nombre);
    const valor = unaLinea(a.valor);
    if (!nombre && !valor) return [];
    if (!nombre || !valor || nombre.length > LIMITES_GUIA.texto || valor.length > LIMITES_GUIA.texto)
      en('adicionales', GUIA_MSG.detalleAdicionalIncompleto(i + 1));
    return [{ nombre, valor }];
  });
  if (adicionales.length > LIMITES_GUIA.detallesAdicionales) en('adicionales', GUIA_MSG.detallesAdicionales);
  return sinAusentes<DetalleGuia>({
    codigoInterno: campo(b.codigoInterno, 'el código interno', 'codigoInterno', LIMITES_GUIA.codigo, false),
    codigoAdicional: campo(b.codigoAdicional, 'el código adicional', 'codigoAdicional', LIMITES_GUIA.codigo, false),
    descripcion: campo(b.descripcion, 'la descripción', 'descripcion', LIMITES_GUIA.texto) ?? '',
    cantidad: 'valor' in c ? c.valor : '',
    detallesAdicionales: adicionales.length ? adicionales : undefined,
  });
}

function destinatario(e: DestinatarioEntrada, d: number, registrar: Registro): DestinatarioGuia {
  const en = (campo: string, mensaje: string) => registrar(`destinatarios.${campo}`, enDestinatario(d, mensaje), d);
  const campo = (valor: unknown, nombre: string, clave: string, maximo: number, requerido = true) =>
    texto(valor, nombre, clave, (c, m) => en(c, minuscula(m)), maximo, requerido);
  const estab = unaLinea(e.estabDestino) || undefined;
  if (estab !== undefined && !/^\d{3}$/.test(estab)) en('estabDestino', GUIA_MSG.estabDestino);
  const s = e.sustento;
  let sustento: Pick<DestinatarioGuia, 'codDocSustento' | 'numDocSustento' | 'numAutDocSustento' | 'fechaEmisionDocSustento'> = {};
  if (s) {
    const numero = unaLinea(s.numero);
    const autorizacion = unaLinea(s.autorizacion);
    const fecha = fechaSri(s.fecha);
    if (!/^\d{3}-\d{3}-\d{9}$/.test(numero)) en('sustento', GUIA_MSG.sustentoNumero);
    if (!/^\d{10,49}$/.test(autorizacion)) en('sustento', GUIA_MSG.sustentoAutorizacion);
    if (!fecha) en('sustento', GUIA_MSG.sustentoFecha);
    sustento = {
      codDocSustento: SUSTENTO_FACTURA,
      numDocSustento: numero,
      numAutDocSustento: autorizacion,
      fechaEmisionDocSustento: fecha ?? '',
    };
  }
  const identificacionDestinatario =
    campo(e.identificacion, 'la identificación del destinatario', 'identificacion', LIMITES_GUIA.identificacion) ?? '';
  const razonSocialDestinatario = campo(e.razonSocial, 'la razón social del destinatario', 'razonSocial', LIMITES_GUIA.texto) ?? '';
  const dirDestinatario = campo(e.direccion, 'la dirección del destinatario', 'direccion', LIMITES_GUIA.texto) ?? '';
  const motivoTraslado = campo(e.motivo, 'el motivo del traslado', 'motivo', LIMITES_GUIA.texto) ?? '';
  const docAduaneroUnico = campo(e.docAduanero, 'el documento aduanero', 'docAduanero', LIMITES_GUIA.docAduanero, false);
  const ruta = campo(e.ruta, 'la ruta', 'ruta', LIMITES_GUIA.texto, false);
  if (e.detalles.length === 0) registrar('destinatarios.detalles', GUIA_MSG.sinDetalles(d), d);
  if (e.detalles.length > LIMITES_GUIA.bienes) registrar('destinatarios.detalles', GUIA_MSG.demasiadosBienes(d), d);
  const detalles = e.detalles.slice(0, LIMITES_GUIA.bienes).map((b, i) => bien(b, d, i + 1, registrar));
  return sinAusentes<DestinatarioGuia>({
    identificacionDestinatario,
    razonSocialDestinatario,
    dirDestinatario,
    motivoTraslado,
    docAduaneroUnico,
    codEstabDestino: estab,
    ruta,
    ...sustento,
    detalles,
  });
}

/** Every destinatario's addresses once each, in order: what the "Email" additional field carries. */
export const correosGuia = (destinatarios: readonly Pick<DestinatarioEntrada, 'correos'>[]) => [
  ...new Set(destinatarios.flatMap((d) => d.correos.map(unaLinea).filter(Boolean))),
];

/**
 * The transport and the destinatarios with their goods as the guía carries them, every reason against them through
 * `registrar`; and the addresses of the "Email" field (none when together they are too long for it).
 */
function armarTraslado(datos: Pick<DatosGuia, 'transporte' | 'destinatarios'>, registrar: Registro) {
  const t = datos.transporte;
  const dirPartida = texto(t.dirPartida, 'la dirección de partida', 'transporte.dirPartida', registrar, LIMITES_GUIA.texto) ?? '';
  const placa = texto(t.placa, 'la placa del vehículo', 'transporte.placa', registrar, LIMITES_GUIA.placa) ?? '';
  const inicio = fechaSri(t.fechaInicio);
  const fin = fechaSri(t.fechaFin);
  if (!inicio) registrar('transporte.fechaInicio', GUIA_MSG.fechaInicio);
  if (!fin) registrar('transporte.fechaFin', GUIA_MSG.fechaFinInvalida);
  else if (inicio && t.fechaFin.trim() < t.fechaInicio.trim()) registrar('transporte.fechaFin', GUIA_MSG.fechaFin);

  if (datos.destinatarios.length === 0) registrar('destinatarios', GUIA_MSG.sinDestinatarios);
  if (datos.destinatarios.length > LIMITES_GUIA.destinatarios) registrar('destinatarios', GUIA_MSG.demasiadosDestinatarios);
  const destinatarios = datos.destinatarios.slice(0, LIMITES_GUIA.destinatarios).map((d, i) => destinatario(d, i + 1, registrar));

  const correos = correosGuia(datos.destinatarios);
  const correosLargos = correos.join(', ').length > LIMITES_GUIA.texto;
  if (correosLargos) registrar('destinatarios.correos', GUIA_MSG.correosLargos);
  return { dirPartida, placa, inicio, fin, destinatarios, correos: correosLargos ? [] : correos };
}

/**
 * The reasons against what a draft holds of its own — the transport, the destinatarios, the free fields — with
 * armarGuia's messages, in its order; the issuer, the series and the carrier are judged when it is issued.
 */
export function reglasBorradorGuia(datos: Pick<DatosGuia, 'transporte' | 'destinatarios' | 'camposAdicionales'>): ErrorFactura[] {
  const errores: ErrorFactura[] = [];
  const registrar: Registro = (campo, mensaje, linea) => errores.push(linea ? { campo, mensaje, linea } : { campo, mensaje });
  const { correos } = armarTraslado(datos, registrar);
  revisarCamposAdicionales('06', correos, datos.camposAdicionales ?? [], registrar);
  return errores;
}

/**
 * The guía ready for the XML builder and the RIDE, with its access key; or every reason it cannot be issued, each in
 * Spanish, in the order the form shows them: the transport, the destinatarios and their goods, the shared fields.
 */
export function armarGuia(datos: DatosGuia): ResultadoGuia {
  const errores: ErrorFactura[] = [];
  const registrar: Registro = (campo, mensaje, linea) => errores.push(linea ? { campo, mensaje, linea } : { campo, mensaje });
  const { dirPartida, placa, inicio, fin, destinatarios, correos } = armarTraslado(datos, registrar);
  const comunes = armarComunes({ ...datos, comprador: { ...datos.comprador, direccion: null, telefono: null, email: correos } }, '06');
  if (!comunes.ok) errores.push(...comunes.errores);
  if (!comunes.ok || errores.length > 0) return { ok: false, errores };

  const { infoTributaria, emisor, comprador, infoAdicional } = comunes;
  const infoGuiaRemision = sinAusentes<InfoGuiaRemision>({
    dirEstablecimiento: emisor.dirEstablecimiento,
    dirPartida,
    razonSocialTransportista: comprador.razonSocial,
    tipoIdentificacionTransportista: comprador.tipoIdentificacion,
    rucTransportista: comprador.identificacion,
    obligadoContabilidad: emisor.obligadoContabilidad,
    contribuyenteEspecial: emisor.contribuyenteEspecial,
    fechaIniTransporte: inicio!,
    fechaFinTransporte: fin!,
    placa,
  });
  const comprobante = sinAusentes<ComprobanteGuiaRemision>({
    version: '1.1.0',
    infoTributaria,
    infoGuiaRemision,
    destinatarios,
    infoAdicional,
  });
  return { ok: true, comprobante };
}
