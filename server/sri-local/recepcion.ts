import { DOMParser, XMLSerializer } from '@xmldom/xmldom';
import { validarClaveAcceso } from '../../domain/comprobantes/clave-acceso';
import { prepararValidador, validarComprobante } from '../modules/comprobantes';
import { FirmaInvalida, verificarFirmaXml } from '../modules/comprobantes';
import { documentoDe, type Registro } from './registro';
import type { RespuestaRecepcion } from './soap';
import type { MensajeSriLocal } from './tipos';

/**
 * What the SRI's reception checks in a document, in its order; the first failure returns it (DEVUELTA) with the
 * SRI's code and text and, in informacionAdicional, what exactly is wrong. A DEVUELTA document is not kept: it may
 * come back, corrected, with the same key. It takes the types Amelia issues: facturas (01), notas de crédito (04),
 * notas de débito (05), liquidaciones de compra (03), retenciones (07) and guías de remisión (06), each checked
 * against its own schema.
 */

const DS = 'http://www.w3.org/2000/09/xmldsig#';
const ROOT_ID = 'comprobante';

/**
 * The documents it receives, by root element: the codDoc it must carry, the block with fechaEmision, the schema. A
 * guía de remisión has no fechaEmision (`sinFecha`): its access key's date is its date of issue.
 */
const TIPOS: Record<string, { codDoc: string; info: string; esquema: string; sinFecha?: true }> = {
  factura: { codDoc: '01', info: 'infoFactura', esquema: 'factura_V1.1.0.xsd' },
  notaCredito: { codDoc: '04', info: 'infoNotaCredito', esquema: 'NotaCredito_V1.1.0.xsd' },
  notaDebito: { codDoc: '05', info: 'infoNotaDebito', esquema: 'NotaDebito_V1.0.0.xsd' },
  liquidacionCompra: { codDoc: '03', info: 'infoLiquidacionCompra', esquema: 'LiquidacionCompra_V1.1.0.xsd' },
  comprobanteRetencion: { codDoc: '07', info: 'infoCompRetencion', esquema: 'ComprobanteRetencion_V2.0.0.xsd' },
  guiaRemision: { codDoc: '06', info: 'infoGuiaRemision', esquema: 'GuiaRemision_V1.1.0.xsd', sinFecha: true },
};

const MENSAJES = {
  estructura: { identificador: '35', mensaje: 'ARCHIVO NO CUMPLE ESTRUCTURA XML' },
  tipo: { identificador: '47', mensaje: 'TIPO DE COMPROBANTE NO EXISTE' },
  firma: { identificador: '39', mensaje: 'FIRMA INVALIDA' },
  clave: { identificador: '80', mensaje: 'ERROR EN LA ESTRUCTURA DE CLAVE ACCESO' },
  enProceso: { identificador: '70', mensaje: 'CLAVE DE ACCESO EN PROCESAMIENTO' },
  registrada: { identificador: '43', mensaje: 'CLAVE ACCESO REGISTRADA' },
  secuencial: { identificador: '45', mensaje: 'SECUENCIAL REGISTRADO' },
  fecha: { identificador: '65', mensaje: 'FECHA EMISIÓN EXTEMPORANEA' },
} as const;

export type OpcionesRecepcion = { toleranciaMinutos: number };

class Devuelta extends Error {
  constructor(
    readonly clave: string,
    readonly mensajeSri: MensajeSriLocal,
  ) {
    super(mensajeSri.mensaje);
  }
}

const devolver = (clave: string, tipo: keyof typeof MENSAJES, informacionAdicional: string): never => {
  throw new Devuelta(clave, { ...MENSAJES[tipo], informacionAdicional, tipo: 'ERROR' });
};

/** Base64 characters, padding only at the end, whole quartets. */
const esBase64 = (s: string) => s.length % 4 === 0 && !/[^A-Za-z0-9+/=]|=[^=]|={3}/.test(s);
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Without a locator: xmldom would otherwise track every node's line and column, which costs a third of its time. */
const parser = new DOMParser({});

/** Step 1: the base64 of a well-formed UTF-8 XML document, or DEVUELTA 35. */
async function decodificar(base64: string | undefined): Promise<string> {
  if (base64 === undefined || base64.trim() === '')
    return devolver('', 'estructura', 'La solicitud no trae el comprobante (el elemento xml está vacío o falta).');
  const limpio = base64.replace(/\s+/g, '');
  if (!esBase64(limpio)) return devolver('', 'estructura', 'El contenido del elemento xml no es base64 válido.');
  let xml: string;
  try {
    xml = utf8.decode(Buffer.from(limpio, 'base64'));
  } catch {
    return devolver('', 'estructura', 'El comprobante no está codificado en UTF-8.');
  }
  // libxml2 is the judge of well-formedness: xmldom, which the signature check needs, forgives too much.
  const { lib } = await prepararValidador();
  try {
    lib.XmlDocument.fromString(xml).dispose();
  } catch (error) {
    if (!(error instanceof lib.XmlParseError)) throw error;
    const primero = error.details[0];
    const donde = primero ? ` (línea ${primero.line}, columna ${primero.col}: ${primero.message.trim()})` : '';
    return devolver('', 'estructura', `El comprobante no es un XML bien formado${donde}.`);
  }
  return xml;
}

function hijo(padre: Element | undefined, nombre: string): Element | undefined {
  if (!padre) return undefined;
  for (let n = padre.firstChild; n; n = n.nextSibling) {
    if (n.nodeType === 1 && (n as Element).localName === nombre) return n as Element;
  }
  return undefined;
}

const texto = (e: Element | undefined) => (e?.textContent ?? '').trim();

/** Step 4: exactly one ds:Signature, valid by the certificate it carries, covering the whole document. */
function verificarFirma(raiz: Element, firmas: Element[], clave: string): void {
  if (firmas.length !== 1) {
    devolver(
      clave,
      'firma',
      firmas.length === 0
        ? 'El comprobante no está firmado (no tiene ds:Signature).'
        : `El comprobante tiene ${firmas.length} firmas (ds:Signature); debe tener una.`,
    );
  }
  let resultado;
  try {
    resultado = verificarFirmaXml(raiz, firmas[0]!);
  } catch (error) {
    if (error instanceof FirmaInvalida) return devolver(clave, 'firma', error.message);
    throw error;
  }
  if (!resultado.documentoCompleto || raiz.getAttribute('id') !== ROOT_ID || !resultado.referencias.includes(`#${ROOT_ID}`)) {
    devolver(
      clave,
      'firma',
      `La firma no cubre el comprobante completo: falta la referencia a #${ROOT_ID} (el id de <${raiz.localName}>) con la transformación enveloped-signature.`,
    );
  }
}

/** Step 5: a well-built key that says what the document says. */
function verificarClave(
  clave: string,
  info: Element | undefined,
  infoDocumento: Element | undefined,
  sinFecha: boolean,
): ReturnType<typeof documentoDe> {
  const validacion = validarClaveAcceso(clave);
  if (!validacion.valida) return devolver(clave, 'clave', `${validacion.error} (clave ${clave || 'vacía'}).`);
  const { partes } = validacion;
  const enDocumento = {
    fechaEmision: sinFecha ? partes.fechaEmision : texto(hijo(infoDocumento, 'fechaEmision')),
    codDoc: texto(hijo(info, 'codDoc')),
    ruc: texto(hijo(info, 'ruc')),
    ambiente: texto(hijo(info, 'ambiente')),
    estab: texto(hijo(info, 'estab')),
    ptoEmi: texto(hijo(info, 'ptoEmi')),
    secuencial: texto(hijo(info, 'secuencial')),
  };
  const distintos = (Object.keys(enDocumento) as Array<keyof typeof enDocumento>)
    .filter((campo) => partes[campo] !== enDocumento[campo])
    .map((campo) => `${campo} (clave ${partes[campo]}, comprobante ${enDocumento[campo]})`);
  if (distintos.length) devolver(clave, 'clave', `La clave de acceso no corresponde al comprobante: ${distintos.join('; ')}.`);
  return documentoDe(enDocumento);
}

/** Ecuador's calendar day (UTC−5) of an instant, aaaa-mm-dd. */
const diaEcuador = (instante: number) => new Date(instante - 5 * 3_600_000).toISOString().slice(0, 10);

/** Step 7: not after today in Ecuador, and not before the day the tolerance reaches back to. */
function verificarFecha(clave: string, fechaEmision: string, ahora: Date, toleranciaMinutos: number): void {
  const [dd, mm, aaaa] = fechaEmision.split('/');
  const dia = `${aaaa}-${mm}-${dd}`;
  if (dia > diaEcuador(ahora.getTime()) || dia < diaEcuador(ahora.getTime() - toleranciaMinutos * 60_000)) {
    devolver(
      clave,
      'fecha',
      `La fecha de emisión está fuera del rango de tolerancia [${toleranciaMinutos} minutos], o es mayor a la fecha del servidor`,
    );
  }
}

async function revisar(base64: string | undefined, registro: Registro, opciones: OpcionesRecepcion): Promise<void> {
  const xml = await decodificar(base64);
  const documento: Document = parser.parseFromString(xml, 'text/xml');
  const raiz = documento.documentElement!;
  const info = hijo(raiz, 'infoTributaria');
  const clave = texto(hijo(info, 'claveAcceso'));
  if (clave) registro.contarIntento(clave);

  // Step 2: the type of document, by its root element, and the codDoc it declares.
  const tipo = !raiz.namespaceURI && Object.hasOwn(TIPOS, raiz.localName) ? TIPOS[raiz.localName] : undefined;
  if (!tipo) {
    devolver(
      clave,
      'tipo',
      `El elemento raíz es <${raiz.tagName}>; este servicio recibe <factura> (01), <notaCredito> (04), <notaDebito> (05), <liquidacionCompra> (03), <guiaRemision> (06) y <comprobanteRetencion> (07).`,
    );
  }
  const codDoc = texto(hijo(info, 'codDoc'));
  if (codDoc && /^\d{2}$/.test(codDoc) && codDoc !== tipo!.codDoc) {
    devolver(clave, 'tipo', `El codDoc ${codDoc} no corresponde a <${raiz.localName}>, que es el comprobante ${tipo!.codDoc}.`);
  }
  const infoDocumento = hijo(raiz, tipo!.info);

  // Step 3: the schema, on the document without its signature(s).
  const firmas = Array.from(documento.getElementsByTagNameNS(DS, 'Signature'));
  const lugares = firmas.map((firma) => ({ firma, padre: firma.parentNode!, siguiente: firma.nextSibling }));
  for (const { firma, padre } of lugares) padre.removeChild(firma);
  const sinFirma = new XMLSerializer().serializeToString(documento);
  for (const { firma, padre, siguiente } of lugares.reverse()) padre.insertBefore(firma, siguiente);
  const esquema = await validarComprobante(sinFirma, tipo!.esquema);
  if (!esquema.valido) {
    const errores = esquema.errores.map((e) => (e.campo ? `${e.campo}: ${e.mensaje}` : e.mensaje));
    devolver(clave, 'estructura', `El comprobante no cumple el esquema ${tipo!.esquema}. ${errores.join(' ')}`);
  }

  verificarFirma(raiz, firmas, clave);
  const delDocumento = verificarClave(clave, info, infoDocumento, tipo!.sinFecha === true);

  // Step 6: a key already received, or the document already authorized under another key.
  const estado = registro.estado(clave);
  if (estado === 'RECIBIDA') devolver(clave, 'enProceso', `La clave ${clave} ya fue recibida y su autorización está en proceso.`);
  if (estado) devolver(clave, 'registrada', `La clave ${clave} ya fue recibida y procesada (${estado}).`);
  const otra = registro.autorizadaDelDocumento(delDocumento, clave);
  if (otra) {
    const [ruc, codDoc, estab, ptoEmi, secuencial] = delDocumento.split('|');
    devolver(
      clave,
      'secuencial',
      `El comprobante ${codDoc} ${estab}-${ptoEmi}-${secuencial} del RUC ${ruc} ya está autorizado con la clave ${otra}.`,
    );
  }

  const fechaEmision = tipo!.sinFecha
    ? `${clave.slice(0, 2)}/${clave.slice(2, 4)}/${clave.slice(4, 8)}`
    : texto(hijo(infoDocumento, 'fechaEmision'));
  verificarFecha(clave, fechaEmision, registro.ahora(), opciones.toleranciaMinutos);
  registro.registrar(clave, delDocumento, xml);
}

/** The schemas of the documents it receives (the server compiles them at start). */
export const ESQUEMAS_RECIBIDOS = Object.values(TIPOS).map((t) => t.esquema);

/** validarComprobante: RECIBIDA (the key is registered) or DEVUELTA with the first failed check. */
export async function recibir(base64: string | undefined, registro: Registro, opciones: OpcionesRecepcion): Promise<RespuestaRecepcion> {
  try {
    await revisar(base64, registro, opciones);
    return { estado: 'RECIBIDA' };
  } catch (error) {
    if (error instanceof Devuelta) return { estado: 'DEVUELTA', claveAcceso: error.clave, mensajes: [error.mensajeSri] };
    throw error;
  }
}
