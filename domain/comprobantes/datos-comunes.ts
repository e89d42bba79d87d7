/**
 * What every SRI document builds the same way, whatever its type (factura, nota de crédito, nota de débito...): the
 * issuer and the series (infoTributaria, with the access key), the date of issue, the buyer, and the additional
 * information (the buyer's address, phone and email, then the free fields). Each type's armar calls armarComunes and
 * adds its own blocks; the checks and their Spanish messages are the same for every type.
 */
import { esDia, hoyEcuador } from '../fechas';
import type { ErrorFactura } from '../facturas/calculo';
import {
  COMPRADOR_CONSUMIDOR_FINAL,
  LEYENDAS_RIMPE,
  LIMITES_FACTURA,
  TIPOS_DOCUMENTO,
  TIPOS_IDENTIFICACION_COMPRADOR,
  type Ambiente,
} from '../facturas/catalogos';
import { ARMADO_MSG, enCampoAdicional } from '../facturas/mensajes';
import { generarClaveAcceso } from './clave-acceso';
import type { CodigoDocumento, InfoTributaria, LeyendaRimpe, TipoIdentificacionComprador } from './comprobante';

/** The issuing company as its record and the establishment give it. */
export type Emisor = {
  ruc: string;
  razonSocial: string;
  nombreComercial?: string | null;
  direccionMatriz: string;
  direccionEstablecimiento?: string | null;
  /** Resolution number of a contribuyente especial. */
  contribuyenteEspecial?: string | null;
  obligadoContabilidad?: boolean | null;
  /** Resolution number of a withholding agent ("1", or the whole "NAC-DNCRASC20-00000001"). */
  agenteRetencion?: string | null;
  regimenRimpe?: LeyendaRimpe | null;
};

export type Comprador = {
  tipoIdentificacion: TipoIdentificacionComprador;
  identificacion: string;
  razonSocial: string;
  direccion?: string | null;
  /** One address or several (a client may have up to 10). */
  email?: string | readonly string[] | null;
  telefono?: string | null;
};

export type CampoAdicional = { nombre: string; valor: string };

/** What every document type is built from, besides its own lines. */
export type DatosComunes = {
  emisor: Emisor;
  ambiente: Ambiente;
  /** "001" or 1. */
  establecimiento: string | number;
  puntoEmision: string | number;
  secuencial: string | number;
  /** Only to rebuild a document whose key already exists (and in tests); otherwise random. */
  codigoNumerico?: string;
  /** A moment (its day in America/Guayaquil) or a YYYY-MM-DD day. */
  fecha: Date | string;
  comprador: Comprador;
  camposAdicionales?: readonly CampoAdicional[];
};

/** The shared part, built and checked: each type places these fields in its own info block. */
export type Comunes = {
  ok: true;
  infoTributaria: InfoTributaria;
  /** dd/mm/aaaa. */
  fechaEmision: string;
  emisor: { dirEstablecimiento?: string; contribuyenteEspecial?: string; obligadoContabilidad?: 'SI' | 'NO' };
  comprador: { tipoIdentificacion: TipoIdentificacionComprador; identificacion: string; razonSocial: string; direccion?: string };
  infoAdicional?: CampoAdicional[];
};

export type ResultadoComunes = Comunes | { ok: false; errores: ErrorFactura[] };

/** dd/mm/aaaa of a moment as lived in Ecuador (UTC-5), or of a YYYY-MM-DD day; null when it is no date. */
export function fechaEmisionEcuador(fecha: Date | string): string | null {
  const dia = typeof fecha === 'string' ? fecha.trim() : Number.isNaN(fecha.getTime()) ? '' : hoyEcuador(fecha);
  if (!esDia(dia)) return null;
  const [aaaa, mm, dd] = dia.split('-');
  return `${dd}/${mm}/${aaaa}`;
}

/** Text as the schema wants it: one line ([^\n]*), no surrounding blanks. */
export const unaLinea = (valor: unknown) =>
  String(valor ?? '')
    .replace(/[\r\n\t]+/g, ' ')
    .trim();
const mayuscula = (texto: string) => texto.charAt(0).toUpperCase() + texto.slice(1);
/** The object without its undefined keys: the XML builder writes each key present, in order. */
export const sinAusentes = <T extends object>(objeto: T): T =>
  Object.fromEntries(Object.entries(objeto).filter(([, v]) => v !== undefined)) as T;

/** Records one error: the field, its Spanish message and, for a line's field, the line's number. */
export type Registro = (campo: string, mensaje: string, linea?: number) => void;

/** A text field: required or not, at most `maximo` characters; undefined when empty. */
export function texto(
  valor: unknown,
  nombre: string,
  campo: string,
  registrar: Registro,
  maximo: number = LIMITES_FACTURA.texto,
  requerido = true,
) {
  const t = unaLinea(valor);
  if (!t) {
    if (requerido) registrar(campo, ARMADO_MSG.requerido(nombre));
    return undefined;
  }
  if (t.length > maximo) registrar(campo, ARMADO_MSG.largo(mayuscula(nombre), maximo));
  return t;
}

/** "1" from "NAC-DNCRASC20-00000001": the XML carries only the resolution's number (up to 8 digits). */
const numeroResolucion = (valor: string) => /(\d+)\s*$/.exec(valor)?.[1]?.replace(/^0+(?=\d)/, '') ?? valor;

const tresDigitos = (valor: string | number) => {
  const t = String(valor ?? '').trim();
  return /^\d{1,3}$/.test(t) && Number(t) > 0 ? t.padStart(3, '0') : undefined;
};
const secuencialNueve = (valor: string | number) => {
  const t = String(valor ?? '').trim();
  return /^\d{1,9}$/.test(t) && Number(t) > 0 ? t.padStart(9, '0') : undefined;
};

/** The issuer's fields and the document's series, checked against the schema. */
function leerEmisor(datos: DatosComunes, registrar: Registro) {
  const e = datos.emisor;
  const ruc = unaLinea(e.ruc);
  if (!/^\d{10}001$/.test(ruc)) registrar('emisor.ruc', ARMADO_MSG.rucEmisor);
  if (datos.ambiente !== '1' && datos.ambiente !== '2') registrar('ambiente', ARMADO_MSG.ambiente);
  const estab = tresDigitos(datos.establecimiento);
  if (!estab) registrar('establecimiento', ARMADO_MSG.establecimiento);
  const ptoEmi = tresDigitos(datos.puntoEmision);
  if (!ptoEmi) registrar('puntoEmision', ARMADO_MSG.puntoEmision);
  const secuencial = secuencialNueve(datos.secuencial);
  if (!secuencial) registrar('secuencial', ARMADO_MSG.secuencial);
  const agente = unaLinea(e.agenteRetencion);
  const agenteRetencion = agente ? numeroResolucion(agente) : undefined;
  if (agenteRetencion !== undefined && !/^\d{1,8}$/.test(agenteRetencion)) registrar('emisor.agenteRetencion', ARMADO_MSG.agenteRetencion);
  const contribuyenteRimpe = e.regimenRimpe ?? undefined;
  if (contribuyenteRimpe !== undefined && !LEYENDAS_RIMPE.includes(contribuyenteRimpe)) registrar('emisor.regimenRimpe', ARMADO_MSG.rimpe);
  const contribuyenteEspecial = unaLinea(e.contribuyenteEspecial) || undefined;
  if (contribuyenteEspecial !== undefined && !/^[A-Za-z0-9]{3,13}$/.test(contribuyenteEspecial)) {
    registrar('emisor.contribuyenteEspecial', ARMADO_MSG.contribuyenteEspecial);
  }
  const obligado = e.obligadoContabilidad;
  return {
    ruc,
    estab: estab ?? '',
    ptoEmi: ptoEmi ?? '',
    secuencial: secuencial ?? '',
    razonSocial: texto(e.razonSocial, 'la razón social del emisor', 'emisor.razonSocial', registrar) ?? '',
    nombreComercial: texto(e.nombreComercial, 'el nombre comercial del emisor', 'emisor.nombreComercial', registrar, undefined, false),
    dirMatriz: texto(e.direccionMatriz, 'la dirección matriz del emisor', 'emisor.direccionMatriz', registrar) ?? '',
    dirEstablecimiento: texto(
      e.direccionEstablecimiento,
      'la dirección del establecimiento',
      'emisor.direccionEstablecimiento',
      registrar,
      undefined,
      false,
    ),
    contribuyenteEspecial,
    obligadoContabilidad: obligado == null ? undefined : obligado ? ('SI' as const) : ('NO' as const),
    agenteRetencion,
    contribuyenteRimpe,
  };
}

/**
 * How a document names its recipient in its messages: a sale's buyer (factura and notes), a liquidación's supplier,
 * a guía de remisión's carrier, a retención's withheld subject. Only a sale may go to the consumidor final.
 */
const RECEPTORES: Partial<Record<CodigoDocumento, string>> = {
  '03': 'del proveedor',
  '06': 'del transportista',
  '07': 'del sujeto retenido',
};
const receptorDe = (codDoc: CodigoDocumento) => RECEPTORES[codDoc] ?? 'del comprador';

function armarComprador(c: Comprador, registrar: Registro, codDoc: CodigoDocumento) {
  const del = receptorDe(codDoc);
  const venta = !RECEPTORES[codDoc];
  const tipo = String(c.tipoIdentificacion ?? '').trim() as TipoIdentificacionComprador;
  const consumidorFinal = tipo === COMPRADOR_CONSUMIDOR_FINAL.tipoIdentificacion;
  if (!TIPOS_IDENTIFICACION_COMPRADOR.some((t) => t.id === tipo) || (consumidorFinal && !venta)) {
    registrar('comprador.tipoIdentificacion', venta ? ARMADO_MSG.tipoIdentificacion : ARMADO_MSG.tipoIdentificacionReceptor(del));
  }
  // A sale to consumidor final always names the same buyer, whatever the form held.
  const anonimo = consumidorFinal && venta;
  const identificacion = anonimo
    ? COMPRADOR_CONSUMIDOR_FINAL.identificacion
    : texto(c.identificacion, `la identificación ${del}`, 'comprador.identificacion', registrar, LIMITES_FACTURA.identificacionComprador);
  const razonSocial = anonimo
    ? COMPRADOR_CONSUMIDOR_FINAL.razonSocial
    : texto(c.razonSocial, `la razón social ${del}`, 'comprador.razonSocial', registrar);
  const direccion = texto(c.direccion, `la dirección ${del}`, 'comprador.direccion', registrar, undefined, false);
  const correos = (Array.isArray(c.email) ? c.email : [c.email]).map(unaLinea).filter(Boolean).join(', ');
  const email = texto(correos, `el correo ${del}`, 'comprador.email', registrar, undefined, false);
  const telefono = texto(c.telefono, `el teléfono ${del}`, 'comprador.telefono', registrar, undefined, false);
  return { tipo, identificacion: identificacion ?? '', razonSocial: razonSocial ?? '', direccion, email, telefono, del };
}

/** The recipient's address and email first (as Ecuadorian invoices print them), then the free fields; at most 15. */
function armarInfoAdicional(
  comprador: Pick<ReturnType<typeof armarComprador>, 'direccion' | 'telefono' | 'email' | 'del'>,
  libres: readonly CampoAdicional[],
  documento: string,
  registrar: Registro,
) {
  const campos: CampoAdicional[] = [];
  if (comprador.direccion) campos.push({ nombre: 'Dirección', valor: comprador.direccion });
  if (comprador.telefono) campos.push({ nombre: 'Teléfono', valor: comprador.telefono });
  if (comprador.email) campos.push({ nombre: 'Email', valor: comprador.email });
  libres.forEach((campo, i) => {
    const nombre = unaLinea(campo.nombre);
    const valor = unaLinea(campo.valor);
    if (!nombre && !valor) return;
    const n = i + 1;
    if (!nombre || !valor) registrar('camposAdicionales', enCampoAdicional(n, ARMADO_MSG.campoAdicionalIncompleto));
    else if (nombre.length > LIMITES_FACTURA.texto || valor.length > LIMITES_FACTURA.texto)
      registrar('camposAdicionales', enCampoAdicional(n, ARMADO_MSG.largo('el campo', LIMITES_FACTURA.texto)));
    campos.push({ nombre, valor });
  });
  if (campos.length > LIMITES_FACTURA.camposAdicionales)
    registrar('camposAdicionales', ARMADO_MSG.demasiadosCamposAdicionales(campos.length, documento, comprador.del));
  return campos.length > 0 ? campos : undefined;
}

/**
 * The free fields' reasons of a document of type `codDoc` whose recipient carries only the "Email" field (`correos`),
 * as armarComunes gives them: what a draft of it holds of its own, judged before the issuer and the series exist.
 */
export function revisarCamposAdicionales(
  codDoc: CodigoDocumento,
  correos: readonly string[],
  libres: readonly CampoAdicional[],
  registrar: Registro,
) {
  const email = correos.join(', ') || undefined;
  const receptor = { direccion: undefined, telefono: undefined, email, del: receptorDe(codDoc) };
  armarInfoAdicional(receptor, libres, TIPOS_DOCUMENTO[codDoc].toLowerCase(), registrar);
}

/**
 * The shared part of a document of type `codDoc`, with its access key; or every reason it cannot be issued (the
 * schema's rules on the date, the issuer, the series, the buyer and the additional information), each in Spanish.
 */
export function armarComunes(datos: DatosComunes, codDoc: CodigoDocumento): ResultadoComunes {
  const errores: ErrorFactura[] = [];
  const registrar: Registro = (campo, mensaje, linea) => errores.push(linea ? { campo, mensaje, linea } : { campo, mensaje });
  const fechaEmision = fechaEmisionEcuador(datos.fecha);
  if (!fechaEmision) registrar('fecha', ARMADO_MSG.fecha);
  const emisor = leerEmisor(datos, registrar);
  const c = armarComprador(datos.comprador, registrar, codDoc);
  const infoAdicional = armarInfoAdicional(c, datos.camposAdicionales ?? [], TIPOS_DOCUMENTO[codDoc].toLowerCase(), registrar);
  if (errores.length > 0 || !fechaEmision) return { ok: false, errores };

  const serie = { ruc: emisor.ruc, ambiente: datos.ambiente, estab: emisor.estab, ptoEmi: emisor.ptoEmi, secuencial: emisor.secuencial };
  const claveAcceso = generarClaveAcceso({ fechaEmision, codDoc, ...serie, codigoNumerico: datos.codigoNumerico });
  const infoTributaria = sinAusentes<InfoTributaria>({
    ambiente: datos.ambiente,
    tipoEmision: '1',
    razonSocial: emisor.razonSocial,
    nombreComercial: emisor.nombreComercial,
    ruc: emisor.ruc,
    claveAcceso,
    codDoc,
    estab: emisor.estab,
    ptoEmi: emisor.ptoEmi,
    secuencial: emisor.secuencial,
    dirMatriz: emisor.dirMatriz,
    agenteRetencion: emisor.agenteRetencion,
    contribuyenteRimpe: emisor.contribuyenteRimpe,
  });
  return sinAusentes<Comunes>({
    ok: true,
    infoTributaria,
    fechaEmision,
    emisor: sinAusentes({
      dirEstablecimiento: emisor.dirEstablecimiento,
      contribuyenteEspecial: emisor.contribuyenteEspecial,
      obligadoContabilidad: emisor.obligadoContabilidad,
    }),
    comprador: sinAusentes({
      tipoIdentificacion: c.tipo,
      identificacion: c.identificacion,
      razonSocial: c.razonSocial,
      direccion: c.direccion,
    }),
    infoAdicional,
  });
}
