import { generateKeyPairSync, randomBytes } from 'node:crypto';
import forge from 'node-forge';

/** Where a built certificate carries its holder's identifier, as Ecuadorian CAs do (server/infra/certificates.ts). */
export type DemoIdentifier = { ruc?: string; cedula?: string; serialNumber?: string };

export type DemoCertificateOptions = DemoIdentifier & {
  password: string;
  titular: string;
  desde: Date;
  hasta: Date;
  /** 3des: the legacy PKCS#12 encryption Ecuadorian CAs issue; aes256: PBES2 (PBKDF2 + AES-256), OpenSSL 3's default. */
  algorithm?: '3des' | 'aes256';
  /** Key usages of the certificate; by default digitalSignature and nonRepudiation. */
  keyUsage?: Record<string, boolean>;
  /** false: the file holds the certificates only, without the private key. */
  withKey?: boolean;
};

/** Security Data's arc: RUC in .3.11, cédula in .3.1, each a PrintableString. */
const SECURITY_DATA = '1.3.6.1.4.1.37746';

/** An RSA key made by Node (forge's own generator takes seconds), in forge's form. */
function rsaKey() {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString());
  return { privateKey: key, publicKey: forge.pki.setRsaPublicKey(key.n, key.e) };
}

const printable = (text: string) =>
  forge.asn1.toDer(forge.asn1.create(forge.asn1.Class.UNIVERSAL, forge.asn1.Type.PRINTABLESTRING, false, text)).getBytes();

let authority: { key: ReturnType<typeof rsaKey>; cert: forge.pki.Certificate } | undefined;

/** A demonstration certification authority, made once per process: it signs every built certificate. */
function demoAuthority() {
  if (authority) return authority;
  const key = rsaKey();
  const cert = forge.pki.createCertificate();
  cert.publicKey = key.publicKey;
  cert.serialNumber = '01';
  cert.validity.notBefore = new Date(Date.UTC(2020, 0, 1));
  cert.validity.notAfter = new Date(Date.UTC(2040, 0, 1));
  const name = [
    { shortName: 'CN', value: 'AUTORIDAD DE CERTIFICACION DE DEMOSTRACION AMELIA' },
    { shortName: 'O', value: 'AMELIA DEMO' },
    { shortName: 'C', value: 'EC' },
  ];
  cert.setSubject(name);
  cert.setIssuer(name);
  cert.setExtensions([
    { name: 'basicConstraints', cA: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true },
  ]);
  cert.sign(key.privateKey, forge.md.sha256.create());
  authority = { key, cert };
  return authority;
}

/**
 * A PKCS#12 file (.p12) with a certificate issued by a demonstration CA, the CA's certificate and (unless withKey is
 * false) the private key: what the seed gives a demo company and what the tests upload. Never a real signature.
 */
export function buildDemoPkcs12(options: DemoCertificateOptions): Buffer {
  const ca = demoAuthority();
  const key = rsaKey();
  const cert = forge.pki.createCertificate();
  cert.publicKey = key.publicKey;
  const serial = randomBytes(9);
  // Positive (high bit clear) and without a leading zero byte, as DER wants.
  serial[0] = (serial[0] & 0x7f) | 0x10;
  cert.serialNumber = serial.toString('hex');
  cert.validity.notBefore = options.desde;
  cert.validity.notAfter = options.hasta;
  cert.setSubject([
    { shortName: 'CN', value: options.titular },
    ...(options.serialNumber ? [{ name: 'serialNumber', type: '2.5.4.5', value: options.serialNumber }] : []),
    { shortName: 'C', value: 'EC' },
  ]);
  cert.setIssuer(ca.cert.subject.attributes);
  cert.setExtensions([
    { name: 'keyUsage', ...(options.keyUsage ?? { digitalSignature: true, nonRepudiation: true }) },
    ...(options.ruc ? [{ id: `${SECURITY_DATA}.3.11`, value: printable(options.ruc) }] : []),
    ...(options.cedula ? [{ id: `${SECURITY_DATA}.3.1`, value: printable(options.cedula) }] : []),
  ]);
  cert.sign(ca.key.privateKey, forge.md.sha256.create());
  const p12 = forge.pkcs12.toPkcs12Asn1(options.withKey === false ? null : key.privateKey, [cert, ca.cert], options.password, {
    algorithm: options.algorithm ?? '3des',
    friendlyName: options.titular,
  });
  return Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary');
}
