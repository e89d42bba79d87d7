import { createHash, timingSafeEqual, verify, X509Certificate, type KeyObject } from 'node:crypto';
import {
  C14nCanonicalization,
  C14nCanonicalizationWithComments,
  ExclusiveCanonicalization,
  ExclusiveCanonicalizationWithComments,
  type NamespacePrefix,
} from 'xml-crypto';

/**
 * Core validation of an XML-DSig signature (https://www.w3.org/TR/xmldsig-core1/#sec-CoreValidation), lean enough for
 * hundreds of documents a second: xml-crypto's own canonicalizers (independent of our signer's c14n.ts), the digests
 * and the RSA check by Node's crypto, and every reference found through one walk of the document. xml-crypto's
 * SignedXml.checkSignature does the same but spends far longer per invoice in XPath lookups (nine whole-document scans
 * for three references; docs/performance.md). The tests check that both verifiers agree.
 *
 * The key is the certificate the signature carries (KeyInfo/X509Data/X509Certificate): the SRI checks the chain and
 * the revocation against its CAs, which a local server cannot.
 */

const DS = 'http://www.w3.org/2000/09/xmldsig#';
const ENVELOPED = 'http://www.w3.org/2000/09/xmldsig#enveloped-signature';

const CANONICALIZADORES: Record<string, new () => { process(node: Node, options: object): string }> = {
  'http://www.w3.org/TR/2001/REC-xml-c14n-20010315': C14nCanonicalization,
  'http://www.w3.org/TR/2001/REC-xml-c14n-20010315#WithComments': C14nCanonicalizationWithComments,
  'http://www.w3.org/2001/10/xml-exc-c14n#': ExclusiveCanonicalization,
  'http://www.w3.org/2001/10/xml-exc-c14n#WithComments': ExclusiveCanonicalizationWithComments,
};
const INCLUSIVA = 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315';

const DIGESTOS: Record<string, string> = {
  'http://www.w3.org/2000/09/xmldsig#sha1': 'sha1',
  'http://www.w3.org/2001/04/xmlenc#sha256': 'sha256',
  'http://www.w3.org/2001/04/xmldsig-more#sha384': 'sha384',
  'http://www.w3.org/2001/04/xmlenc#sha512': 'sha512',
};
const FIRMAS: Record<string, string> = {
  'http://www.w3.org/2000/09/xmldsig#rsa-sha1': 'sha1',
  'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256': 'sha256',
  'http://www.w3.org/2001/04/xmldsig-more#rsa-sha512': 'sha512',
};
const ID = ['Id', 'ID', 'id'];

/** Why a signature is refused, in Spanish (the informacionAdicional of message 39). */
export class FirmaInvalida extends Error {}

const rechazar = (motivo: string): never => {
  throw new FirmaInvalida(motivo);
};

function hijos(padre: Element, nombre?: string): Element[] {
  const lista: Element[] = [];
  for (let n = padre.firstChild; n; n = n.nextSibling) {
    if (n.nodeType === 1 && (nombre === undefined || ((n as Element).localName === nombre && (n as Element).namespaceURI === DS))) {
      lista.push(n as Element);
    }
  }
  return lista;
}

function unico(padre: Element, nombre: string): Element {
  const lista = hijos(padre, nombre);
  if (lista.length !== 1) rechazar(`ds:${padre.localName} debe tener un ds:${nombre} (tiene ${lista.length}).`);
  return lista[0]!;
}

const texto = (e: Element) => (e.textContent ?? '').replace(/\s+/g, '');

/** Every element of the document by its Id, ID or id; an id used twice is refused (signature wrapping). */
function porId(raiz: Element): Map<string, Element> {
  const mapa = new Map<string, Element>();
  const pila: Element[] = [raiz];
  while (pila.length) {
    const e = pila.pop()!;
    for (const nombre of ID) {
      const valor = e.getAttribute(nombre);
      if (valor === null || valor === '') continue;
      if (mapa.has(valor)) rechazar(`El id "${valor}" aparece más de una vez en el documento.`);
      mapa.set(valor, e);
    }
    pila.push(...hijos(e));
  }
  return mapa;
}

/** The namespaces in scope on an element from its ancestors (nearest first), which inclusive C14N carries into a subtree. */
function espaciosHeredados(elemento: Element): NamespacePrefix[] {
  const propios = new Set<string>([elemento.prefix ?? '']);
  for (const a of Array.from(elemento.attributes)) {
    if (a.name === 'xmlns' || a.name.startsWith('xmlns:')) propios.add(a.name.slice(6));
  }
  const vistos = new Set<string>();
  const lista: NamespacePrefix[] = [];
  for (let p = elemento.parentNode; p && p.nodeType === 1; p = p.parentNode) {
    for (const a of Array.from((p as Element).attributes)) {
      if (a.name !== 'xmlns' && !a.name.startsWith('xmlns:')) continue;
      const prefijo = a.name.slice(6);
      if (vistos.has(prefijo)) continue;
      vistos.add(prefijo);
      if (a.value !== '' && !propios.has(prefijo)) lista.push({ prefix: prefijo, namespaceURI: a.value });
    }
  }
  return lista;
}

function canonizar(algoritmo: string, nodo: Element): string {
  const Clase = CANONICALIZADORES[algoritmo] ?? rechazar(`Algoritmo de canonicalización no admitido: ${algoritmo}.`);
  return new Clase().process(nodo, { ancestorNamespaces: espaciosHeredados(nodo) });
}

/** A reference's digest as the signer computed it: the element, its transforms (enveloped, C14N), inclusive C14N by default. */
function digerir(
  referencia: Element,
  firma: Element,
  ids: Map<string, Element>,
  raiz: Element,
): { uri: string; elemento: Element; envuelta: boolean } {
  const uri = referencia.getAttribute('URI') ?? '';
  if (!uri.startsWith('#')) rechazar(`La referencia "${uri}" no apunta a un elemento del documento (#id).`);
  const elemento = ids.get(uri.slice(1)) ?? rechazar(`La referencia ${uri} apunta a un elemento que no existe.`);
  let c14n = INCLUSIVA;
  let envuelta = false;
  const transforms = hijos(referencia, 'Transforms')[0];
  for (const t of transforms ? hijos(transforms, 'Transform') : []) {
    const algoritmo = t.getAttribute('Algorithm') ?? '';
    if (algoritmo === ENVELOPED) envuelta = true;
    else if (CANONICALIZADORES[algoritmo]) c14n = algoritmo;
    else rechazar(`Transformación no admitida en la referencia ${uri}: ${algoritmo}.`);
  }
  const hash =
    DIGESTOS[unico(referencia, 'DigestMethod').getAttribute('Algorithm') ?? ''] ??
    rechazar(`Algoritmo de resumen no admitido en la referencia ${uri}.`);
  const esperado = Buffer.from(texto(unico(referencia, 'DigestValue')), 'base64');
  // The enveloped-signature transform: the signature is left out of what it signs, while it is canonicalized.
  const dentro = envuelta && esAncestro(elemento, firma);
  const padre = firma.parentNode;
  const siguiente = firma.nextSibling;
  if (dentro) padre!.removeChild(firma);
  let canonico: string;
  try {
    canonico = canonizar(c14n, elemento);
  } finally {
    if (dentro) padre!.insertBefore(firma, siguiente);
  }
  const calculado = createHash(hash).update(canonico, 'utf8').digest();
  if (calculado.length !== esperado.length || !timingSafeEqual(calculado, esperado)) {
    rechazar(
      elemento === raiz
        ? `El resumen de la referencia ${uri} no coincide: el comprobante cambió después de firmarlo.`
        : `El resumen de la referencia ${uri} no coincide: la parte firmada (${elemento.localName}) cambió después de firmarla.`,
    );
  }
  return { uri, elemento, envuelta };
}

function esAncestro(posible: Node, nodo: Node): boolean {
  for (let p = nodo.parentNode; p; p = p.parentNode) if (p === posible) return true;
  return false;
}

/** The public keys of the last certificates seen: an issuer signs all its documents with the same one. */
const claves = new Map<string, KeyObject>();

function claveDe(x509: string): KeyObject {
  let clave = claves.get(x509);
  if (clave) return clave;
  try {
    clave = new X509Certificate(Buffer.from(x509, 'base64')).publicKey;
  } catch {
    return rechazar('El certificado de la firma (ds:X509Certificate) no es un certificado X.509 válido.');
  }
  if (claves.size >= 100) claves.delete(claves.keys().next().value!);
  claves.set(x509, clave);
  return clave;
}

/**
 * Verifies the one ds:Signature of a document with the certificate it carries. Throws FirmaInvalida with the reason;
 * returns the references' URIs and whether one of them signs the whole document (the root, enveloped).
 */
export function verificarFirmaXml(raiz: Element, firma: Element): { referencias: string[]; documentoCompleto: boolean } {
  const signedInfo = unico(firma, 'SignedInfo');
  const certificado = unico(firma, 'KeyInfo').getElementsByTagNameNS(DS, 'X509Certificate')[0];
  const x509 = certificado ? texto(certificado) : '';
  if (!x509) rechazar('La firma no trae el certificado del firmante (ds:KeyInfo/ds:X509Data/ds:X509Certificate).');
  const clave = claveDe(x509);
  const ids = porId(raiz);
  const referencias = hijos(signedInfo, 'Reference');
  if (!referencias.length) rechazar('ds:SignedInfo no tiene ninguna ds:Reference.');
  const digeridas = referencias.map((r) => digerir(r, firma, ids, raiz));

  const c14n = unico(signedInfo, 'CanonicalizationMethod').getAttribute('Algorithm') ?? '';
  const algoritmo = unico(signedInfo, 'SignatureMethod').getAttribute('Algorithm') ?? '';
  const hash = FIRMAS[algoritmo] ?? rechazar(`Algoritmo de firma no admitido: ${algoritmo}.`);
  const valor = Buffer.from(texto(unico(firma, 'SignatureValue')), 'base64');
  let valida: boolean;
  try {
    valida = verify(hash, Buffer.from(canonizar(c14n, signedInfo), 'utf8'), clave, valor);
  } catch {
    valida = false;
  }
  if (!valida) rechazar('El valor de la firma (ds:SignatureValue) no corresponde a ds:SignedInfo con la clave del certificado que trae.');
  return { referencias: digeridas.map((d) => d.uri), documentoCompleto: digeridas.some((d) => d.elemento === raiz && d.envuelta) };
}
