import { createHash, randomInt, sign } from 'node:crypto';
import { canonicalizeRoot, canonicalText } from './c14n';
import { comprobarVigencia, type Certificado } from '../firmas';

/**
 * The XAdES-BES signature the SRI requires (Ficha técnica de comprobantes electrónicos): enveloped as the root's last
 * child, RSA-SHA1 over inclusive C14N, SHA-1 digests, three references (the signed properties, the KeyInfo, and the
 * document with the enveloped-signature transform).
 *
 * The signature's own parts are written directly in canonical form: everything in them is ours (base64, digits, fixed
 * URIs, the issuer's name escaped), so canonicalizing them would only re-derive these bytes. What inclusive C14N adds
 * to a referenced subtree is the namespaces in scope from ds:Signature, declared on its apex element: the same text is
 * therefore written once with those declarations (what is digested and signed) and once without (what the document
 * carries). Only the invoice itself, which another module writes, goes through the canonicalizer.
 */

const DS = 'http://www.w3.org/2000/09/xmldsig#';
const ETSI = 'http://uri.etsi.org/01903/v1.3.2#';
const C14N = 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315';
const RSA_SHA1 = 'http://www.w3.org/2000/09/xmldsig#rsa-sha1';
const SHA1 = 'http://www.w3.org/2000/09/xmldsig#sha1';
const ENVELOPED = 'http://www.w3.org/2000/09/xmldsig#enveloped-signature';
const SIGNED_PROPERTIES = 'http://uri.etsi.org/01903#SignedProperties';

/** In document order (ds before etsi), as C14N sorts them by prefix. */
const NAMESPACES = ` xmlns:ds="${DS}" xmlns:etsi="${ETSI}"`;

/** The id the SRI's documents give their root, which the third reference points at. */
const ROOT_ID = 'comprobante';

const sha1 = (canonical: string) => createHash('sha1').update(canonical, 'utf8').digest('base64');

const digest = (value: string) => `<ds:DigestMethod Algorithm="${SHA1}"></ds:DigestMethod><ds:DigestValue>${value}</ds:DigestValue>`;

/** Ecuador (mainland) is UTC−5 all year: no daylight saving time since 1993. */
export function horaEcuador(ahora: Date): string {
  return `${new Date(ahora.getTime() - 5 * 3_600_000).toISOString().slice(0, 19)}-05:00`;
}

type Ids = ReturnType<typeof newIds>;

/** Ids unique to this signature: a document may one day carry more than one, and verifiers resolve them by value. */
function newIds() {
  const n = () => randomInt(100_000, 1_000_000);
  const signature = `Signature${n()}`;
  return {
    signature,
    signedInfo: `Signature-SignedInfo${n()}`,
    signedProperties: `${signature}-SignedProperties${n()}`,
    signedPropertiesReference: `SignedPropertiesID${n()}`,
    keyInfo: `Certificate${n()}`,
    documentReference: `Reference-ID-${n()}`,
    signatureValue: `SignatureValue${n()}`,
    object: `${signature}-Object${n()}`,
  };
}

function signedProperties(ns: string, ids: Ids, certificado: Certificado, signingTime: string): string {
  return (
    `<etsi:SignedProperties${ns} Id="${ids.signedProperties}">` +
    '<etsi:SignedSignatureProperties>' +
    `<etsi:SigningTime>${signingTime}</etsi:SigningTime>` +
    '<etsi:SigningCertificate><etsi:Cert>' +
    `<etsi:CertDigest>${digest(certificado.certSha1Base64)}</etsi:CertDigest>` +
    '<etsi:IssuerSerial>' +
    `<ds:X509IssuerName>${canonicalText(certificado.issuerName)}</ds:X509IssuerName>` +
    `<ds:X509SerialNumber>${certificado.serialNumber}</ds:X509SerialNumber>` +
    '</etsi:IssuerSerial>' +
    '</etsi:Cert></etsi:SigningCertificate>' +
    '</etsi:SignedSignatureProperties>' +
    '<etsi:SignedDataObjectProperties>' +
    `<etsi:DataObjectFormat ObjectReference="#${ids.documentReference}">` +
    '<etsi:Description>contenido comprobante</etsi:Description>' +
    '<etsi:MimeType>text/xml</etsi:MimeType>' +
    '</etsi:DataObjectFormat>' +
    '</etsi:SignedDataObjectProperties>' +
    '</etsi:SignedProperties>'
  );
}

function keyInfo(ns: string, ids: Ids, certificado: Certificado): string {
  return (
    `<ds:KeyInfo${ns} Id="${ids.keyInfo}">` +
    `<ds:X509Data><ds:X509Certificate>${certificado.certBase64}</ds:X509Certificate></ds:X509Data>` +
    '<ds:KeyValue><ds:RSAKeyValue>' +
    `<ds:Modulus>${certificado.modulusBase64}</ds:Modulus>` +
    `<ds:Exponent>${certificado.exponentBase64}</ds:Exponent>` +
    '</ds:RSAKeyValue></ds:KeyValue>' +
    '</ds:KeyInfo>'
  );
}

/** Attributes in C14N order (Id < Type < URI), so the document's bytes are the canonical ones. */
function signedInfo(ns: string, ids: Ids, digests: { properties: string; keyInfo: string; document: string }): string {
  return (
    `<ds:SignedInfo${ns} Id="${ids.signedInfo}">` +
    `<ds:CanonicalizationMethod Algorithm="${C14N}"></ds:CanonicalizationMethod>` +
    `<ds:SignatureMethod Algorithm="${RSA_SHA1}"></ds:SignatureMethod>` +
    `<ds:Reference Id="${ids.signedPropertiesReference}" Type="${SIGNED_PROPERTIES}" URI="#${ids.signedProperties}">` +
    digest(digests.properties) +
    '</ds:Reference>' +
    `<ds:Reference URI="#${ids.keyInfo}">${digest(digests.keyInfo)}</ds:Reference>` +
    `<ds:Reference Id="${ids.documentReference}" URI="#${ROOT_ID}">` +
    `<ds:Transforms><ds:Transform Algorithm="${ENVELOPED}"></ds:Transform></ds:Transforms>` +
    digest(digests.document) +
    '</ds:Reference>' +
    '</ds:SignedInfo>'
  );
}

/**
 * Signs an SRI document (`<factura id="comprobante" ...>` or any other comprobante with that root id) and returns it
 * with the ds:Signature appended as the root's last child; the bytes before it are left exactly as they were.
 */
export function firmarXml(xml: string, certificado: Certificado, ahora = new Date()): string {
  comprobarVigencia(certificado, ahora);
  const { canonical, rootEndTag } = canonicalizeRoot(xml);
  // In canonical form every value is double-quoted with its quotes escaped: the root's start tag is exactly this.
  const rootTag = /^<[^\s>]+(?: [^\s=]+="[^"]*")*>/.exec(canonical)?.[0] ?? '';
  if (!rootTag.includes(` id="${ROOT_ID}"`)) {
    throw new Error('El elemento raíz del comprobante debe tener id="comprobante"');
  }
  const ids = newIds();
  const signingTime = horaEcuador(ahora);
  const digests = {
    properties: sha1(signedProperties(NAMESPACES, ids, certificado, signingTime)),
    keyInfo: sha1(keyInfo(NAMESPACES, ids, certificado)),
    document: sha1(canonical),
  };
  const signatureValue = sign('sha1', Buffer.from(signedInfo(NAMESPACES, ids, digests), 'utf8'), certificado.key).toString('base64');
  const signature =
    `<ds:Signature${NAMESPACES} Id="${ids.signature}">` +
    signedInfo('', ids, digests) +
    `<ds:SignatureValue Id="${ids.signatureValue}">${signatureValue}</ds:SignatureValue>` +
    keyInfo('', ids, certificado) +
    `<ds:Object Id="${ids.object}"><etsi:QualifyingProperties Target="#${ids.signature}">` +
    signedProperties('', ids, certificado, signingTime) +
    '</etsi:QualifyingProperties></ds:Object>' +
    '</ds:Signature>';
  return xml.slice(0, rootEndTag) + signature + xml.slice(rootEndTag);
}
