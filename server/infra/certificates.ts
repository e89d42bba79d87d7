import forge from 'node-forge';
import { diaEcuador } from '../../domain/fechas';
import { FIRMA_MSG } from '../../domain/firmas';

/** Why a .p12/.pfx was refused; the message is the Spanish sentence the user sees. */
export type CertificateProblem = 'formato' | 'clave' | 'sinClavePrivada' | 'claveNoCorresponde' | 'vencido' | 'noVigente' | 'uso';

export class CertificateError extends Error {
  constructor(
    readonly problem: CertificateProblem,
    message: string,
  ) {
    super(message);
  }
}

/** What the signing certificate of a .p12 says, once it opened with its password and its key matches. */
export type CertificateInfo = {
  titular: string;
  emisor: string;
  /** Hexadecimal, upper case, as certificate viewers show it. */
  serie: string;
  /** The RUC (13 digits) or cédula (10) found in the certificate; null when it carries neither. */
  identificacion: string | null;
  desde: Date;
  hasta: Date;
  /** The key usages the certificate declares (digitalSignature, nonRepudiation, ...); empty when it declares none. */
  usos: string[];
};

/**
 * Arcs of the certification authorities accredited in Ecuador. Under each, "<arc>.3.11" holds the RUC and
 * "<arc>.3.1" the cédula, as a private extension (Security Data, BCE, ANF, Consejo de la Judicatura, Uanataca...).
 */
const ECUADOR_ARCS = [
  '1.3.6.1.4.1.37947', // Banco Central del Ecuador
  '1.3.6.1.4.1.37746', // Security Data
  '1.3.6.1.4.1.18332', // ANF AC
  '1.3.6.1.4.1.37442', // ANF AC (second arc)
  '1.3.6.1.4.1.43745.1', // Consejo de la Judicatura
  '1.3.6.1.4.1.47286.102', // Uanataca
  '1.3.6.1.4.1.57153.102', // Eclipsoft
  '1.3.6.1.4.1.61305', // FirmaSegura
];
const RUC_OIDS = ECUADOR_ARCS.map((arc) => `${arc}.3.11`);
const CEDULA_OIDS = ECUADOR_ARCS.map((arc) => `${arc}.3.1`);
const SIGNING_USAGES = ['digitalSignature', 'nonRepudiation'];
const USAGES = ['digitalSignature', 'nonRepudiation', 'keyEncipherment', 'dataEncipherment', 'keyAgreement', 'keyCertSign', 'cRLSign'];

/** A 13-digit (RUC) or else 10-digit (cédula) run of digits in a text, not part of a longer number. */
function identifierIn(text: string): string | null {
  return /(?<!\d)\d{13}(?!\d)/.exec(text)?.[0] ?? /(?<!\d)\d{10}(?!\d)/.exec(text)?.[0] ?? null;
}

/** A private extension's value: usually a DER string (PrintableString, UTF8String...), sometimes the bare text. */
function extensionText(value: string): string {
  try {
    const decoded = forge.asn1.fromDer(value);
    if (typeof decoded.value === 'string') return decoded.value;
  } catch {
    // not DER: the bytes are the text
  }
  return value;
}

type Extension = { id: string; value?: string };

function identifierOf(cert: forge.pki.Certificate): string | null {
  const extensions = cert.extensions as Extension[];
  for (const oids of [RUC_OIDS, CEDULA_OIDS]) {
    for (const ext of extensions) {
      if (oids.includes(ext.id) && typeof ext.value === 'string') {
        const found = identifierIn(extensionText(ext.value));
        if (found) return found;
      }
    }
  }
  // serialNumber (2.5.4.5) first, where most CAs put it ("1712345678", "IDCEC-1712345678"), then any other attribute.
  const attributes = [...cert.subject.attributes].sort((a, b) => Number(b.type === '2.5.4.5') - Number(a.type === '2.5.4.5'));
  for (const attribute of attributes) {
    const found = typeof attribute.value === 'string' ? identifierIn(attribute.value) : null;
    if (found) return found;
  }
  return null;
}

const nameOf = (name: forge.pki.Certificate['subject']) =>
  String(
    name.getField('CN')?.value ?? name.getField('O')?.value ?? name.attributes.map((a) => `${a.shortName ?? a.type}=${a.value}`).join(', '),
  );

const sameKey = (key: forge.pki.rsa.PrivateKey, cert: forge.pki.Certificate) => {
  const pub = cert.publicKey as forge.pki.rsa.PublicKey;
  return Boolean(pub.n) && pub.n.equals(key.n) && pub.e.equals(key.e);
};

function parseDer(bytes: Buffer): forge.asn1.Asn1 {
  try {
    return forge.asn1.fromDer(forge.util.createBuffer(bytes.toString('binary')));
  } catch {
    throw new CertificateError('formato', FIRMA_MSG.notPkcs12);
  }
}

function refusal(error: unknown): CertificateError {
  return /password|decrypt/i.test((error as Error).message)
    ? new CertificateError('clave', FIRMA_MSG.wrongPassword)
    : new CertificateError('formato', FIRMA_MSG.notPkcs12);
}

/** Opens the PKCS#12 container; a structure that is not one, or does not decrypt with the password, is refused. */
function openPkcs12(bytes: Buffer, password: string): forge.pkcs12.Pkcs12Pfx {
  try {
    return forge.pkcs12.pkcs12FromAsn1(parseDer(bytes), false, password);
  } catch (error) {
    if (error instanceof CertificateError) throw error;
    // forge derives the MAC key from the password's characters (BMPString, right) but PBES2 keys from its chars taken
    // as bytes, where OpenSSL takes its UTF-8 bytes: with an accent or an ñ the MAC passes and the bags fail. The MAC
    // has then proved the password, so the bags are opened again, without the MAC, with the UTF-8 bytes.
    if (/[^\x00-\x7f]/.test(password) && !/MAC/.test((error as Error).message) && /decrypt/i.test((error as Error).message)) {
      const withoutMac = parseDer(bytes);
      (withoutMac.value as forge.asn1.Asn1[]).splice(2);
      try {
        return forge.pkcs12.pkcs12FromAsn1(withoutMac, false, forge.util.encodeUtf8(password));
      } catch (retryError) {
        throw refusal(retryError);
      }
    }
    throw refusal(error);
  }
}

const usagesOf = (cert: forge.pki.Certificate): string[] | null => {
  const keyUsage = cert.getExtension('keyUsage') as Record<string, unknown> | undefined;
  return keyUsage ? USAGES.filter((usage) => keyUsage[usage] === true) : null;
};

/** The certificate a .p12 signs with, its private key, and every certificate the file carries (the CA chain). */
export type SigningCertificate = {
  info: CertificateInfo;
  cert: forge.pki.Certificate;
  key: forge.pki.rsa.PrivateKey;
  certs: forge.pki.Certificate[];
};

/**
 * Opens a .p12/.pfx with its password and checks that it can sign: a private key, the certificate of that key (the
 * file may also carry the CA chain, and some CAs put a second certificate and key for encryption in it: the one with
 * the digitalSignature usage wins), valid at `now`, with a signing key usage. Works with the legacy encryption
 * Ecuadorian CAs still issue (3DES, RC2-40, SHA-1 MAC) and the modern one (PBES2: PBKDF2 and AES-256, SHA-256 MAC).
 */
export function openSigningCertificate(bytes: Buffer, password: string, now = new Date()): SigningCertificate {
  const p12 = openPkcs12(bytes, password);
  const keyBags = [forge.pki.oids.pkcs8ShroudedKeyBag, forge.pki.oids.keyBag].flatMap((bagType) => p12.getBags({ bagType })[bagType] ?? []);
  const keys = keyBags.flatMap((bag) => (bag.key ? [bag.key as forge.pki.rsa.PrivateKey] : []));
  if (keys.length === 0) throw new CertificateError('sinClavePrivada', FIRMA_MSG.noPrivateKey);
  const certs = (p12.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag] ?? []).flatMap((bag) =>
    bag.cert ? [bag.cert] : [],
  );
  const pairs = certs.flatMap((cert) => {
    const key = keys.find((k) => sameKey(k, cert));
    return key ? [{ cert, key }] : [];
  });
  if (pairs.length === 0) throw new CertificateError('claveNoCorresponde', FIRMA_MSG.keyMismatch);
  const { cert, key } =
    pairs.find((p) => usagesOf(p.cert)?.includes('digitalSignature')) ??
    pairs.find((p) => usagesOf(p.cert)?.includes('nonRepudiation') ?? true) ??
    pairs[0];

  const desde = cert.validity.notBefore;
  const hasta = cert.validity.notAfter;
  if (hasta.getTime() < now.getTime()) throw new CertificateError('vencido', FIRMA_MSG.expired(diaEcuador(desde), diaEcuador(hasta)));
  if (desde.getTime() > now.getTime()) throw new CertificateError('noVigente', FIRMA_MSG.notYetValid(diaEcuador(desde), diaEcuador(hasta)));

  const declared = usagesOf(cert);
  // A certificate without the extension is not restricted (RFC 5280); one that has it must allow signing.
  if (declared && !declared.some((usage) => SIGNING_USAGES.includes(usage))) throw new CertificateError('uso', FIRMA_MSG.notForSigning);

  const info = {
    titular: nameOf(cert.subject),
    emisor: nameOf(cert.issuer),
    serie: cert.serialNumber.toUpperCase(),
    identificacion: identifierOf(cert),
    desde,
    hasta,
    usos: declared ?? [],
  };
  return { info, cert, key, certs };
}

/** What the signing certificate of a .p12 says (openSigningCertificate), for the screens and the history. */
export function readCertificate(bytes: Buffer, password: string, now = new Date()): CertificateInfo {
  return openSigningCertificate(bytes, password, now).info;
}

/**
 * Whether the certificate's identifier belongs to the company: the same RUC, or the cédula of a natural person whose
 * RUC is that cédula followed by 001.
 */
export function identifierMatches(identificacion: string, ruc: string): boolean {
  return identificacion === ruc || (identificacion.length === 10 && ruc === `${identificacion}001`);
}
