import { createHash, createPrivateKey, X509Certificate, type KeyObject } from 'node:crypto';
import forge from 'node-forge';
import { CertificateError, openSigningCertificate } from '../../infra/certificates';
import { diaEcuador } from '../../../domain/fechas';
import { FIRMA_MSG } from '../../../domain/firmas';

/**
 * A company's signing certificate ready to sign: the key as a Node KeyObject (so that signing is OpenSSL's work, not
 * JavaScript's) and every value the XAdES signature writes, computed once when the .p12 is opened.
 */
export type Certificado = {
  key: KeyObject;
  certDer: Buffer;
  certBase64: string;
  /** SHA-1 of the DER, base64: the SigningCertificate's CertDigest. */
  certSha1Base64: string;
  /** RFC 4514 (as Java's X500Principal RFC 2253 writes it, what the SRI's verifiers compare): "CN=...,O=...,C=EC". */
  issuerName: string;
  /** The serial number in decimal, as X509SerialNumber wants it. */
  serialNumber: string;
  /** The certificate's own RSA modulus and exponent, base64 without leading zero bytes. */
  modulusBase64: string;
  exponentBase64: string;
  notBefore: Date;
  notAfter: Date;
};

/** ASN.1 string tags (X.680); forge's typings name only some of them. */
const TAG = { utf8: 12, numeric: 18, printable: 19, teletex: 20, ia5: 22, visible: 26, universal: 28, bmp: 30 };

/** The short names Java's X500Principal writes in RFC 2253 form; any other attribute goes as OID=#hex of its DER. */
const KEYWORDS: Record<string, string> = {
  '2.5.4.3': 'CN',
  '2.5.4.6': 'C',
  '2.5.4.7': 'L',
  '2.5.4.8': 'ST',
  '2.5.4.9': 'STREET',
  '2.5.4.10': 'O',
  '2.5.4.11': 'OU',
  '0.9.2342.19200300.100.1.1': 'UID',
  '0.9.2342.19200300.100.1.25': 'DC',
};

/** An ASN.1 string's text; forge keeps the raw bytes, one per character. */
function stringValue(node: forge.asn1.Asn1): string | null {
  const bytes = node.value;
  if (typeof bytes !== 'string' || node.tagClass !== forge.asn1.Class.UNIVERSAL) return null;
  switch (node.type as number) {
    case TAG.utf8:
      return forge.util.decodeUtf8(bytes);
    case TAG.bmp:
      return Buffer.from(bytes, 'binary').swap16().toString('utf16le');
    case TAG.universal: {
      const raw = Buffer.from(bytes, 'binary');
      let text = '';
      for (let i = 0; i + 3 < raw.length; i += 4) text += String.fromCodePoint(raw.readUInt32BE(i));
      return text;
    }
    case TAG.printable:
    case TAG.ia5:
    case TAG.teletex:
    case TAG.numeric:
    case TAG.visible:
      return bytes;
    default:
      return null;
  }
}

/** RFC 4514 §2.4: the special characters, a leading '#' or space, a trailing space; control characters as \hh. */
function escapeDnValue(value: string): string {
  let out = value
    .replace(/[\\"+,;<>]/g, (c) => `\\${c}`)
    .replace(/[\x00-\x1f\x7f]/g, (c) => `\\${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
  if (out.startsWith('#') || out.startsWith(' ')) out = `\\${out}`;
  if (out.endsWith(' ') && !out.endsWith('\\ ')) out = `${out.slice(0, -1)}\\ `;
  return out;
}

/** A Name (RDNSequence) in RFC 4514 form: the last RDN first, AVAs of one RDN joined by '+'. */
function rfc4514(name: forge.asn1.Asn1): string {
  const rdns = (name.value as forge.asn1.Asn1[]).map((set) =>
    (set.value as forge.asn1.Asn1[])
      .map((ava) => {
        const [type, value] = ava.value as forge.asn1.Asn1[];
        const oid = forge.asn1.derToOid(type.value as string);
        const keyword = KEYWORDS[oid];
        const text = keyword ? stringValue(value) : null;
        return text === null ? `${oid}=#${forge.util.bytesToHex(forge.asn1.toDer(value).getBytes())}` : `${keyword}=${escapeDnValue(text)}`;
      })
      .join('+'),
  );
  return rdns.reverse().join(',');
}

/** A DER INTEGER's bytes (two's complement) in decimal. */
function decimal(bytes: string): string {
  const raw = Buffer.from(bytes, 'binary');
  if (raw.length === 0) return '0';
  const unsigned = BigInt(`0x${raw.toString('hex')}`);
  return (raw[0] & 0x80 ? unsigned - (1n << BigInt(raw.length * 8)) : unsigned).toString();
}

/** Issuer and serial number, read from the DER itself (TBSCertificate: [version], serial, signature, issuer...). */
function issuerAndSerial(der: Buffer): { issuerName: string; serialNumber: string } {
  const tbs = (forge.asn1.fromDer(der.toString('binary')).value as forge.asn1.Asn1[])[0].value as forge.asn1.Asn1[];
  const first = tbs[0].tagClass === forge.asn1.Class.CONTEXT_SPECIFIC ? 1 : 0;
  return { serialNumber: decimal(tbs[first].value as string), issuerName: rfc4514(tbs[first + 2]) };
}

const base64 = (base64url: string | undefined) => Buffer.from(base64url ?? '', 'base64url').toString('base64');

/**
 * forge does not keep a certificate's original bytes and re-encodes it; if that re-encoding ever differed, the SRI
 * would see a certificate whose CA signature fails. Where the file carries the issuer (as Ecuadorian .p12 files do),
 * the CA's signature over the re-encoded bytes proves they are the original ones.
 */
function checkReencoding(der: Buffer, others: forge.pki.Certificate[]) {
  const cert = new X509Certificate(der);
  const issuers = [cert, ...others.map((other) => new X509Certificate(derOf(other)))].filter((issuer) => cert.checkIssued(issuer));
  if (issuers.length > 0 && !issuers.some((issuer) => cert.verify(issuer.publicKey))) {
    throw new CertificateError('formato', CERTIFICADO_ALTERADO);
  }
}

const CERTIFICADO_ALTERADO = 'El certificado de la firma electrónica no se pudo leer sin alterarlo; comuníquese con soporte.';

const derOf = (cert: forge.pki.Certificate) => Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes(), 'binary');

/** The certificate must be valid when the document is signed: the SRI refuses a signature made outside its validity. */
export function comprobarVigencia(certificado: Certificado, ahora = new Date()): void {
  const desde = diaEcuador(certificado.notBefore);
  const hasta = diaEcuador(certificado.notAfter);
  if (certificado.notAfter.getTime() < ahora.getTime()) throw new CertificateError('vencido', FIRMA_MSG.expired(desde, hasta));
  if (certificado.notBefore.getTime() > ahora.getTime()) throw new CertificateError('noVigente', FIRMA_MSG.notYetValid(desde, hasta));
}

/**
 * Opens a company's .p12 (legacy RC2/3DES or modern AES-256/PBKDF2) with its password and prepares its signing
 * certificate (the one with the digitalSignature usage, when the file holds several). Refuses, with the Spanish
 * sentence the user sees (CertificateError), a wrong password, a file without key, an expired certificate...
 */
export function abrirCertificado(p12: Buffer, clave: string, ahora = new Date()): Certificado {
  const { cert, key, certs } = openSigningCertificate(p12, clave, ahora);
  const certDer = derOf(cert);
  checkReencoding(
    certDer,
    certs.filter((other) => other !== cert),
  );
  const publicKey = new X509Certificate(certDer).publicKey.export({ format: 'jwk' });
  return {
    key: createPrivateKey({
      key: Buffer.from(forge.asn1.toDer(forge.pki.privateKeyToAsn1(key)).getBytes(), 'binary'),
      format: 'der',
      type: 'pkcs1',
    }),
    certDer,
    certBase64: certDer.toString('base64'),
    certSha1Base64: createHash('sha1').update(certDer).digest('base64'),
    ...issuerAndSerial(certDer),
    modulusBase64: base64(publicKey.n),
    exponentBase64: base64(publicKey.e),
    notBefore: cert.validity.notBefore,
    notAfter: cert.validity.notAfter,
  };
}

/** Opening a .p12 costs milliseconds (key derivation, decryption): the last companies' certificates stay ready. */
const CACHE_SIZE = 64;
const cache = new Map<number, Certificado>();

/**
 * The certificate of a stored signature (firma id), opened once and then reused. A signature row never changes (a new
 * upload is a new id), so the id is a safe key; validity is still checked on every use.
 */
export async function certificadoDeFirma(
  firmaId: number,
  cargar: () => Promise<{ p12: Buffer; clave: string }>,
  ahora = new Date(),
): Promise<Certificado> {
  const abierto = certificadoAbierto(firmaId, ahora);
  if (abierto) return abierto;
  const { p12, clave } = await cargar();
  const certificado = abrirCertificado(p12, clave, ahora);
  cache.set(firmaId, certificado);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value as number);
  comprobarVigencia(certificado, ahora);
  return certificado;
}

/**
 * The certificate of a stored signature if this process has it open (undefined: certificadoDeFirma opens it), with its
 * validity checked: issuing asks inside its transaction, where nothing may wait on files or other connections.
 */
export function certificadoAbierto(firmaId: number, ahora = new Date()): Certificado | undefined {
  const certificado = cache.get(firmaId);
  if (!certificado) return undefined;
  cache.delete(firmaId); // re-inserted: Map order is the recency order
  cache.set(firmaId, certificado);
  comprobarVigencia(certificado, ahora);
  return certificado;
}

/** Forgets a signature's certificate (deleted or replaced), so that its key does not stay in memory. */
export function olvidarCertificado(firmaId: number): void {
  cache.delete(firmaId);
}
