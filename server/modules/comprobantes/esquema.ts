import { readFileSync } from 'node:fs';
import path from 'node:path';
import type * as LibXml2 from 'libxml2-wasm';
import type { XsdValidator } from 'libxml2-wasm';

/**
 * Validation of a generated document against the SRI's schema of its type (esquemas/factura_V1.1.0.xsd,
 * NotaCredito_V1.1.0.xsd, NotaDebito_V1.0.0.xsd, copied unchanged from the SRI's published files), at run time, before
 * signing: a document the schema refuses is never signed, and the user reads which field is wrong in Spanish.
 *
 * libxml2 compiled to WebAssembly (libxml2-wasm) keeps each compiled schema in memory: a document validates in a
 * fraction of a millisecond, in this process, with no system dependency. Spawning Debian's xmllint (the process, and
 * compiling the schema every time) or xmllint-wasm (a new worker and WebAssembly instance per call) costs far more per
 * document (docs/performance.md); the tests still check our output with Debian's xmllint, an independent build of the
 * same library. The library is loaded on first use so that the server starts without it, and each schema is compiled
 * the first time a document of its type is checked.
 */

export type ErrorEsquema = {
  /** Where the error is, from the document's root: "infoTributaria/ruc", "detalles/detalle[2]/cantidad". */
  campo: string;
  /** What a user understands, in Spanish. */
  mensaje: string;
  /** libxml2's own message, for the logs. */
  tecnico: string;
};

export type ResultadoEsquema = { valido: true } | { valido: false; errores: ErrorEsquema[] };

const ESQUEMAS = path.join(import.meta.dirname, 'esquemas');
/** The name a schema is parsed under: its xsd:import of "xmldsig-core-schema.xsd" resolves beside it, from memory. */
const BASE = 'amelia-sri-esquemas/';
/** The invoice's schema: the one the bench, the tests and the local SRI's start prepare. */
const FACTURA = 'factura_V1.1.0.xsd';

type Libreria = typeof LibXml2;
let libreria: Promise<Libreria> | undefined;
/** One compiled validator per schema file, kept for the life of the process. */
const validadores = new Map<string, Promise<{ lib: Libreria; validador: XsdValidator }>>();

async function cargarLibreria() {
  // Imported on first use (kept outside the server's bundle: server/build.mjs): loading it at start would slow every
  // start-up (docs/performance.md).
  const lib = await import('libxml2-wasm');
  lib.xmlRegisterInputProvider(
    new lib.XmlBufferInputProvider({
      [`${BASE}xmldsig-core-schema.xsd`]: readFileSync(path.join(ESQUEMAS, 'xmldsig-core-schema.xsd')),
    }),
  );
  return lib;
}

async function compilar(esquema: string) {
  libreria ??= cargarLibreria().catch((error: unknown) => {
    libreria = undefined;
    throw error;
  });
  const lib = await libreria;
  if (!/^[\w.-]+\.xsd$/.test(esquema)) throw new Error(`Esquema desconocido: ${esquema}`);
  const xsd = lib.XmlDocument.fromBuffer(readFileSync(path.join(ESQUEMAS, esquema)), { url: `${BASE}${esquema}` });
  try {
    // The validator keeps what it needs from the schema's document, which can go.
    return { lib, validador: lib.XsdValidator.fromDoc(xsd) };
  } finally {
    xsd.dispose();
  }
}

/**
 * Loads the library and compiles the schema (esquemas/<esquema>), once; the server may call it at start so that the
 * first document is not slower.
 */
export function prepararValidador(esquema: string = FACTURA): Promise<{ lib: Libreria; validador: XsdValidator }> {
  let cargando = validadores.get(esquema);
  if (!cargando) {
    cargando = compilar(esquema).catch((error: unknown) => {
      validadores.delete(esquema);
      throw error;
    });
    validadores.set(esquema, cargando);
  }
  return cargando;
}

/** The document checked against its type's schema (the file name in esquemas/: "NotaCredito_V1.1.0.xsd"). */
export async function validarComprobante(xml: string, esquema: string): Promise<ResultadoEsquema> {
  const { lib, validador } = await prepararValidador(esquema);
  let documento;
  try {
    // Buffer encodes the string natively; fromString copies it into WebAssembly's memory character by character.
    documento = lib.XmlDocument.fromBuffer(Buffer.from(xml, 'utf8'), { encoding: 'utf-8' });
  } catch (error) {
    if (!(error instanceof lib.XmlParseError)) throw error;
    return {
      valido: false,
      errores: error.details.map((d) => ({
        campo: '',
        mensaje: `El XML del comprobante está mal formado (línea ${d.line}, columna ${d.col}).`,
        tecnico: d.message.trim(),
      })),
    };
  }
  try {
    validador.validate(documento);
    return { valido: true };
  } catch (error) {
    if (!(error instanceof lib.XmlValidateError)) throw error;
    return { valido: false, errores: traducirErrores(error.details) };
  } finally {
    documento.dispose();
  }
}

/** An invoice checked against factura_V1.1.0.xsd. */
export const validarFactura = (xml: string): Promise<ResultadoEsquema> => validarComprobante(xml, FACTURA);

/** libxml2's schema errors in Spanish. A facet error is followed by a vaguer one on the same field: only the first stays. */
export function traducirErrores(detalles: ReadonlyArray<{ message: string; xpath?: string }>): ErrorEsquema[] {
  const errores: ErrorEsquema[] = [];
  for (const detalle of detalles) {
    const error = traducir(detalle.message.trim(), detalle.xpath);
    const repetido = errores.some((e) => e.campo === error.campo) && /is not a valid value of the/.test(error.tecnico);
    if (!repetido) errores.push(error);
  }
  return errores;
}

/** "/factura/detalles/detalle[2]/cantidad" → "detalles/detalle[2]/cantidad" (any type's root: notaCredito...). */
function campoDe(xpath: string | undefined, elemento: string): string {
  if (!xpath) return elemento;
  return xpath.replace(/^\/[^/]+\/?/, '') || xpath.slice(1);
}

/** "cantidad (detalle 2)": the element and the numbered line, payment or field it belongs to. */
function nombrar(campo: string): string {
  const partes = campo.split('/');
  const ultimo = (partes.at(-1) ?? campo).replace(/\[\d+\]$/, '');
  const dondeIndice = partes.slice(0, -1).findLast((p) => /\[\d+\]$/.test(p));
  if (dondeIndice) {
    const [, nombre, indice] = /^(.*)\[(\d+)\]$/.exec(dondeIndice)!;
    return `${ultimo} (${nombre} ${indice})`;
  }
  const propio = /\[(\d+)\]$/.exec(partes.at(-1) ?? '');
  return propio ? `${ultimo} ${propio[1]}` : ultimo;
}

const lista = (esperados: string) =>
  esperados
    .split(',')
    .map((s) => s.trim().replace(/^\{[^}]*\}/, ''))
    .filter(Boolean);

function traducir(tecnico: string, xpath: string | undefined): ErrorEsquema {
  const sujeto = /^Element '([^']+)'(?:, attribute '([^']+)')?: (.*)$/s.exec(tecnico);
  if (!sujeto) return { campo: campoDe(xpath, ''), mensaje: `El comprobante no cumple el esquema del SRI.`, tecnico };
  const [, elemento, atributo, resto] = sujeto;
  let campo = campoDe(xpath, elemento);
  if (atributo) campo += `/@${atributo}`;
  const nombre = atributo ? `${atributo} de ${nombrar(campoDe(xpath, elemento))}` : nombrar(campo);
  const el = atributo ? `El atributo ${nombre}` : `El campo ${nombre}`;
  const valor = /The value '([^']*)'/.exec(resto)?.[1];
  const conValor = (antes: string) =>
    valor === undefined ? (antes ? ` (${antes})` : '') : ` (${antes ? `${antes}; ` : ''}valor: ${valor})`;
  const faceta = /^\[facet '(\w+)'\]/.exec(resto)?.[1];
  const limite = /\('([^']*)'\)\.?$/.exec(resto)?.[1];
  const mensaje = (texto: string) => ({ campo, mensaje: texto, tecnico });

  switch (faceta) {
    case 'pattern':
      return mensaje(`${el} no cumple el formato del SRI${conValor('')}.`);
    case 'fractionDigits':
      return mensaje(`${el} tiene más decimales de los permitidos${conValor(`máximo ${limite}`)}.`);
    case 'totalDigits':
      return mensaje(`${el} tiene más dígitos de los permitidos${conValor(`máximo ${limite}`)}.`);
    case 'minLength': {
      const minimo = /minimum length of '(\d+)'/.exec(resto)?.[1];
      return mensaje(minimo === '1' ? `${el} está vacío.` : `${el} es demasiado corto: el SRI pide al menos ${minimo} caracteres.`);
    }
    case 'maxLength': {
      const largo = /has a length of '(\d+)'/.exec(resto)?.[1];
      const maximo = /maximum length of '(\d+)'/.exec(resto)?.[1];
      return mensaje(`${el} es demasiado largo: tiene ${largo} caracteres y el SRI acepta hasta ${maximo}.`);
    }
    case 'length': {
      const exacto = /length of '(\d+)'\.?$/.exec(resto)?.[1];
      return mensaje(`${el} debe tener ${exacto} caracteres${conValor('')}.`);
    }
    case 'enumeration': {
      const conjunto = /\{(.*)\}/.exec(resto)?.[1]?.replace(/'/g, '');
      return mensaje(`${el} tiene un valor que el SRI no acepta${conValor(`acepta: ${conjunto}`)}.`);
    }
    case 'minInclusive':
    case 'minExclusive':
      return mensaje(`${el} no puede ser negativo${conValor(`mínimo ${limite}`)}.`);
    case 'maxInclusive':
    case 'maxExclusive':
      return mensaje(`${el} supera el máximo permitido${conValor(`máximo ${limite}`)}.`);
  }

  const faltantes = /^Missing child element\(s\)\. Expected is (?:one of )?\( (.*) \)\.?$/s.exec(resto);
  if (faltantes) {
    const esperados = lista(faltantes[1]);
    if (esperados.length === 1) campo = `${campo}/${esperados[0]}`;
    return mensaje(
      esperados.length === 1
        ? `Falta el campo ${esperados[0]} en ${nombrar(campoDe(xpath, elemento))}.`
        : `Falta uno de los campos ${esperados.join(', ')} en ${nombrar(campoDe(xpath, elemento))}.`,
    );
  }
  const inesperado = /^This element is not expected\.(?: Expected is (?:one of )?\( (.*) \)\.?)?$/s.exec(resto);
  if (inesperado) {
    const esperados = inesperado[1] ? lista(inesperado[1]) : [];
    if (esperados.length === 1) return mensaje(`Falta el campo ${esperados[0]} antes de ${nombre}, o ${nombre} está fuera de lugar.`);
    if (esperados.length > 1) {
      const opciones = `${esperados.slice(0, -1).join(', ')} o ${esperados.at(-1)}`;
      return mensaje(`Falta un campo antes de ${nombre}, o ${nombre} está fuera de lugar; el SRI espera aquí ${opciones}.`);
    }
    return mensaje(`${el} no va en esta posición del comprobante (sobra o está repetido).`);
  }
  if (/is required but missing/.test(resto)) {
    const requerido = /The attribute '([^']+)'/.exec(resto)?.[1] ?? '';
    return { campo: `${campo}/@${requerido}`, mensaje: `Falta el atributo ${requerido} en ${nombre}.`, tecnico };
  }
  if (/is not allowed/.test(resto) && /attribute/i.test(resto)) {
    return mensaje(`${el} lleva un atributo que el SRI no acepta.`);
  }
  if (/Character content other than whitespace is not allowed/.test(resto)) {
    return mensaje(`${el} no debe llevar texto propio, solo otros campos.`);
  }
  const invalido = /^'([^']*)' is not a valid value of the/s.exec(resto);
  if (invalido) return mensaje(`${el} no tiene un valor válido (valor: ${invalido[1]}).`);
  return mensaje(`${el} no cumple el esquema del SRI.`);
}
