/**
 * Reading a document someone else issued: the SRI's authorized file (<autorizacion>, alone, inside
 * <RespuestaAutorizacionComprobante> or a whole SOAP answer, the comprobante as CDATA or escaped text) or a bare signed
 * comprobante, and from the comprobante the fields `recibidos` keeps. The XML is not ours, so it is read by element
 * name (any version of the SRI's schemas: a retención 1.0.0 with <impuestos>, 2.0.0 with <docsSustento>), never
 * validated against a schema: what the SRI authorized is what it is.
 */
import { DOMParser } from '@xmldom/xmldom';
import { FirmaInvalida, verificarFirmaXml } from '../comprobantes';
import { validarClaveAcceso } from '../../../domain/comprobantes/clave-acceso';
import {
  RECIBIDOS_MSG,
  TIPOS_RECIBIDOS,
  type DatosRecibido,
  type ImpuestoRecibido,
  type RetencionRecibida,
  type TipoRecibido,
} from './contract';

/** A refusal of one document, with its reason in Spanish (the import goes on with the others). */
export class Rechazo extends Error {
  constructor(
    mensaje: string,
    readonly clave: string | null = null,
  ) {
    super(mensaje);
  }
}

const DS = 'http://www.w3.org/2000/09/xmldsig#';
/** The root element of each type the company receives. */
const RAICES: Record<string, TipoRecibido> = {
  factura: '01',
  liquidacionCompra: '03',
  notaCredito: '04',
  notaDebito: '05',
  comprobanteRetencion: '07',
};
const INFO: Record<TipoRecibido, string> = {
  '01': 'infoFactura',
  '03': 'infoLiquidacionCompra',
  '04': 'infoNotaCredito',
  '05': 'infoNotaDebito',
  '07': 'infoCompRetencion',
};
/** Whose identification says whom the document is addressed to, by type. */
const RECEPTOR: Record<TipoRecibido, string> = {
  '01': 'Comprador',
  '03': 'Proveedor',
  '04': 'Comprador',
  '05': 'Comprador',
  '07': 'SujetoRetenido',
};

/** The SRI's word on a document, as its authorized file or its web service gives it. */
export type AutorizacionLeida = { numero: string; fecha: Date | null; ambiente: number | null };

/** What an uploaded file holds: an authorized document, or a bare comprobante whose key must be asked to the SRI. */
type ArchivoLeido = { tipo: 'autorizado'; comprobante: string; autorizacion: AutorizacionLeida } | { tipo: 'comprobante'; clave: string };

/** A received document read whole: the columns of `recibidos` and REC_DATOS. */
type DocumentoRecibido = {
  tipo: TipoRecibido;
  clave: string;
  numero: string;
  fecha: string;
  ambiente: number;
  emisor: { ruc: string; razonSocial: string; nombreComercial: string | null; direccion: string | null };
  subtotal: string;
  iva: string;
  total: string;
  datos: DatosRecibido;
};

function parsear(xml: string): Document {
  let error = false;
  const documento = new DOMParser({
    errorHandler: {
      warning: () => {},
      error: () => {
        error = true;
      },
      fatalError: () => {
        error = true;
      },
    },
  }).parseFromString(xml.replace(/^\uFEFF/, '').trim(), 'text/xml');
  if (error || !documento?.documentElement) throw new Rechazo(RECIBIDOS_MSG.ilegible);
  return documento;
}

function hijo(padre: Element | undefined | null, nombre: string): Element | undefined {
  if (!padre) return undefined;
  for (let n = padre.firstChild; n; n = n.nextSibling) {
    if (n.nodeType === 1 && (n as Element).localName === nombre) return n as Element;
  }
  return undefined;
}

const hijos = (padre: Element | undefined, nombre: string): Element[] => {
  const lista: Element[] = [];
  for (let n = padre?.firstChild; n; n = n.nextSibling)
    if (n.nodeType === 1 && (n as Element).localName === nombre) lista.push(n as Element);
  return lista;
};

const texto = (e: Element | undefined) => (e?.textContent ?? '').trim();
const campo = (padre: Element | undefined, nombre: string) => texto(hijo(padre, nombre));

/** The first element of that name anywhere under `raiz` (itself included). */
function buscar(raiz: Element, nombre: string): Element | undefined {
  const pila: Element[] = [raiz];
  while (pila.length) {
    const e = pila.shift()!;
    if (e.localName === nombre) return e;
    for (let n = e.firstChild; n; n = n.nextSibling) if (n.nodeType === 1) pila.push(n as Element);
  }
  return undefined;
}

/** PRODUCCIÓN / PRUEBAS as the authorized file writes it, or 2 / 1. */
const ambienteDe = (valor: string): number | null => {
  const v = valor.toUpperCase();
  return v === '2' || v.startsWith('PRODUCC') ? 2 : v === '1' || v.startsWith('PRUEBA') ? 1 : null;
};

/** What an uploaded XML file holds: the SRI's authorization (with its comprobante) or a bare comprobante. */
export function leerArchivo(xml: string): ArchivoLeido {
  const raiz = parsear(xml).documentElement!;
  if (RAICES[raiz.localName]) {
    const clave = campo(hijo(raiz, 'infoTributaria'), 'claveAcceso');
    if (!/^\d{49}$/.test(clave)) throw new Rechazo(RECIBIDOS_MSG.ilegible);
    return { tipo: 'comprobante', clave };
  }
  // Some systems hand the same file over as <Authorization> (real authorized documents circulate so: tests/fixtures/recibidos).
  const autorizacion = buscar(raiz, 'autorizacion') ?? buscar(raiz, 'Authorization');
  const comprobante = texto(hijo(autorizacion, 'comprobante'));
  if (!autorizacion || !comprobante) throw new Rechazo(RECIBIDOS_MSG.ilegible);
  if (campo(autorizacion, 'estado') !== 'AUTORIZADO') throw new Rechazo(RECIBIDOS_MSG.noAutorizado);
  const fecha = new Date(campo(autorizacion, 'fechaAutorizacion'));
  return {
    tipo: 'autorizado',
    comprobante,
    autorizacion: {
      numero: campo(autorizacion, 'numeroAutorizacion'),
      fecha: Number.isNaN(fecha.getTime()) ? null : fecha,
      ambiente: ambienteDe(campo(autorizacion, 'ambiente')),
    },
  };
}

/** dd/mm/aaaa → aaaa-mm-dd; null when it is not a date. */
const dia = (valor: string): string | null => {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(valor);
  return m ? `${m[3]}-${m[2]}-${m[1]}` : null;
};

/** A support document's number as 001-001-000000123 (the schema writes 15 digits together). */
const numeroDe = (valor: string) => {
  const d = valor.replace(/\D/g, '');
  return d.length === 15 ? `${d.slice(0, 3)}-${d.slice(3, 6)}-${d.slice(6)}` : valor;
};

const dinero = (valor: string) => {
  const n = Number(valor);
  return Number.isFinite(n) ? n.toFixed(2) : '0.00';
};

const impuestoDe = (e: Element): ImpuestoRecibido => ({
  codigo: campo(e, 'codigo'),
  codigoPorcentaje: campo(e, 'codigoPorcentaje'),
  ...(campo(e, 'tarifa') ? { tarifa: campo(e, 'tarifa') } : {}),
  baseImponible: dinero(campo(e, 'baseImponible')),
  valor: dinero(campo(e, 'valor')),
});

const pagosDe = (info: Element | undefined) =>
  hijos(hijo(info, 'pagos'), 'pago').map((p) => ({
    formaPago: campo(p, 'formaPago'),
    total: dinero(campo(p, 'total')),
    ...(campo(p, 'plazo') ? { plazo: campo(p, 'plazo') } : {}),
    ...(campo(p, 'unidadTiempo') ? { unidadTiempo: campo(p, 'unidadTiempo') } : {}),
  }));

const retencionDe = (r: Element, sustento: Element): RetencionRecibida => ({
  codigo: campo(r, 'codigo'),
  codigoRetencion: campo(r, 'codigoRetencion'),
  baseImponible: dinero(campo(r, 'baseImponible')),
  porcentajeRetener: campo(r, 'porcentajeRetener'),
  valorRetenido: dinero(campo(r, 'valorRetenido')),
  codDocSustento: campo(sustento, 'codDocSustento'),
  numDocSustento: numeroDe(campo(sustento, 'numDocSustento')),
  fechaEmisionDocSustento: dia(campo(sustento, 'fechaEmisionDocSustento')),
});

/** A retención's withholdings: 1.0.0 lists them in <impuestos>, each naming its document; 2.0.0 groups them by <docSustento>. */
function retencionesDe(raiz: Element): RetencionRecibida[] {
  const v1 = hijos(hijo(raiz, 'impuestos'), 'impuesto').map((i) => retencionDe(i, i));
  const v2 = hijos(hijo(raiz, 'docsSustento'), 'docSustento').flatMap((d) =>
    hijos(hijo(d, 'retenciones'), 'retencion').map((r) => retencionDe(r, d)),
  );
  return [...v1, ...v2];
}

const suma = (valores: string[]) => (valores.reduce((s, v) => s + Math.round(Number(v) * 100), 0) / 100).toFixed(2);

/** The signature must be the comprobante's one ds:Signature, valid, and cover the whole document. */
function verificarFirma(raiz: Element, clave: string) {
  const firmas = Array.from(raiz.getElementsByTagNameNS(DS, 'Signature'));
  if (firmas.length !== 1) throw new Rechazo(`${RECIBIDOS_MSG.firmaInvalida}: el comprobante no trae una firma`, clave);
  try {
    if (!verificarFirmaXml(raiz, firmas[0]!).documentoCompleto) {
      throw new Rechazo(`${RECIBIDOS_MSG.firmaInvalida}: no cubre el comprobante completo`, clave);
    }
  } catch (error) {
    if (error instanceof FirmaInvalida) throw new Rechazo(`${RECIBIDOS_MSG.firmaInvalida}: ${error.message}`, clave);
    throw error;
  }
}

/**
 * The comprobante read and checked on its own: a type received here, a valid access key that says what the document
 * says (type, issuer, environment, number), and its signature. Whom it is addressed to is the caller's check.
 */
export function leerComprobante(xml: string): DocumentoRecibido {
  const raiz = parsear(xml).documentElement!;
  const tipo = RAICES[raiz.localName];
  const trib = hijo(raiz, 'infoTributaria');
  const clave = campo(trib, 'claveAcceso');
  if (!trib || !/^\d{49}$/.test(clave)) throw new Rechazo(RECIBIDOS_MSG.ilegible);
  if (!tipo || !TIPOS_RECIBIDOS.includes(tipo) || campo(trib, 'codDoc') !== tipo) throw new Rechazo(RECIBIDOS_MSG.tipoNoAdmitido, clave);
  const validacion = validarClaveAcceso(clave);
  if (!validacion.valida) throw new Rechazo(validacion.error, clave);
  const { partes } = validacion;
  const info = hijo(raiz, INFO[tipo]);
  const numero = `${campo(trib, 'estab')}-${campo(trib, 'ptoEmi')}-${campo(trib, 'secuencial')}`;
  const fecha = dia(campo(info, 'fechaEmision'));
  if (
    partes.codDoc !== tipo ||
    partes.ruc !== campo(trib, 'ruc') ||
    partes.ambiente !== campo(trib, 'ambiente') ||
    `${partes.estab}-${partes.ptoEmi}-${partes.secuencial}` !== numero ||
    partes.fechaEmision !== campo(info, 'fechaEmision') ||
    !fecha
  ) {
    throw new Rechazo(`${RECIBIDOS_MSG.ilegible}: la clave de acceso no corresponde al comprobante`, clave);
  }
  verificarFirma(raiz, clave);

  const quien = RECEPTOR[tipo];
  const impuestos = (
    tipo === '05' ? hijos(hijo(info, 'impuestos'), 'impuesto') : hijos(hijo(info, 'totalConImpuestos'), 'totalImpuesto')
  ).map(impuestoDe);
  const retenciones = tipo === '07' ? retencionesDe(raiz) : undefined;
  const modificado =
    tipo === '04' || tipo === '05'
      ? {
          codDoc: campo(info, 'codDocModificado'),
          numero: numeroDe(campo(info, 'numDocModificado')),
          fecha: dia(campo(info, 'fechaEmisionDocSustento')),
        }
      : undefined;
  const motivo =
    tipo === '04'
      ? campo(info, 'motivo')
      : tipo === '05'
        ? hijos(hijo(raiz, 'motivos'), 'motivo')
            .map((m) => campo(m, 'razon'))
            .join('; ')
        : undefined;
  const datos: DatosRecibido = {
    receptor: {
      tipoIdentificacion: campo(info, `tipoIdentificacion${quien}`),
      identificacion: campo(info, `identificacion${quien}`),
      razonSocial: campo(info, `razonSocial${quien}`),
    },
    impuestos,
    pagos: pagosDe(info),
    ...(modificado ? { modificado } : {}),
    ...(motivo ? { motivo } : {}),
    ...(retenciones ? { retenciones, periodoFiscal: campo(info, 'periodoFiscal') } : {}),
  };
  const total =
    tipo === '07'
      ? suma(retenciones!.map((r) => r.valorRetenido))
      : dinero(campo(info, tipo === '04' ? 'valorModificacion' : tipo === '05' ? 'valorTotal' : 'importeTotal'));
  return {
    tipo,
    clave,
    numero,
    fecha,
    ambiente: Number(partes.ambiente),
    emisor: {
      ruc: partes.ruc,
      razonSocial: campo(trib, 'razonSocial'),
      nombreComercial: campo(trib, 'nombreComercial') || null,
      direccion: campo(info, 'dirEstablecimiento') || campo(trib, 'dirMatriz') || null,
    },
    // A retención carries no sale of its own: its amounts are what it withholds (REC_TOTAL).
    subtotal: tipo === '07' ? '0.00' : dinero(campo(info, 'totalSinImpuestos')),
    iva: tipo === '07' ? '0.00' : suma(impuestos.filter((i) => i.codigo === '2').map((i) => i.valor)),
    total,
    datos,
  };
}
