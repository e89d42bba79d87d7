import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import forge from 'node-forge';

/**
 * Certificates shaped like the ones Ecuadorian CAs issue, made by OpenSSL at test time in a temporary directory: no
 * certificate or key is ever committed. A test CA signs two certificates of the same holder, one for signing
 * (digitalSignature + nonRepudiation) and one for encryption (keyEncipherment), and the signing one is packed three
 * ways: the legacy PKCS#12 of Ecuadorian CAs (RC2-40 certificates, 3DES key, SHA-1 MAC), the modern one (AES-256,
 * PBKDF2-SHA256, SHA-256 MAC), and a file holding both certificates and both keys, the encryption pair first.
 */
export const CLAVE_P12 = 'Clave.Firma-2026';

/** The issuer carries an ampersand and a comma on purpose: XML and RFC 4514 must each escape their own. */
const CA_SUBJECT = '/C=EC/O=DATOS & FIRMAS, S.A./OU=ENTIDAD DE CERTIFICACION DE INFORMACION/CN=AC PRUEBAS AMELIA';
const HOLDER_SUBJECT = '/C=EC/O=DISTRIBUIDORA PEREZ/serialNumber=1712345678/CN=JUAN PEREZ';

export type CertificadosPrueba = {
  dir: string;
  /** Path of the CA's certificate (PEM), what xmlsec1 is told to trust. */
  caPem: string;
  /** Path of the signing certificate (PEM), for OpenSSL's own view of it. */
  firmaPem: string;
  firmaDer: Buffer;
  cifradoDer: Buffer;
  legacy: Buffer;
  modern: Buffer;
  /** Encryption certificate and key first, then the signing ones. */
  doble: Buffer;
  openssl: (...args: string[]) => string;
  limpiar: () => void;
};

export function crearCertificadosPrueba(): CertificadosPrueba {
  const dir = mkdtempSync(join(tmpdir(), 'amelia-firma-'));
  const path = (name: string) => join(dir, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

  openssl(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'ca.key',
    '-out',
    'ca.pem',
    '-days',
    '3650',
    '-subj',
    CA_SUBJECT,
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
  );

  const issue = (name: string, keyUsage: string) => {
    writeFileSync(path(`${name}.ext`), `keyUsage=critical,${keyUsage}\nbasicConstraints=CA:FALSE\n`);
    openssl('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', `${name}.key`, '-out', `${name}.csr`, '-subj', HOLDER_SUBJECT);
    // A serial with the high bit set: DER then needs a leading zero byte, and the decimal must still be positive.
    const serial = `0x${(0x80 | randomBytes(1)[0]).toString(16)}${randomBytes(11).toString('hex')}`;
    openssl(
      'x509',
      '-req',
      '-in',
      `${name}.csr`,
      '-CA',
      'ca.pem',
      '-CAkey',
      'ca.key',
      '-set_serial',
      serial,
      '-days',
      '365',
      '-extfile',
      `${name}.ext`,
      '-out',
      `${name}.pem`,
    );
    return readPemDer(path(`${name}.pem`));
  };
  const firmaDer = issue('firma', 'digitalSignature,nonRepudiation');
  const cifradoDer = issue('cifrado', 'keyEncipherment,dataEncipherment');

  const pkcs12 = (out: string, ...encryption: string[]) => {
    openssl(
      'pkcs12',
      '-export',
      ...encryption,
      '-inkey',
      'firma.key',
      '-in',
      'firma.pem',
      '-certfile',
      'ca.pem',
      '-name',
      'JUAN PEREZ',
      '-passout',
      `pass:${CLAVE_P12}`,
      '-out',
      out,
    );
    return readFileSync(path(out));
  };

  return {
    dir,
    caPem: path('ca.pem'),
    firmaPem: path('firma.pem'),
    firmaDer,
    cifradoDer,
    legacy: pkcs12('legacy.p12', '-legacy'),
    modern: pkcs12('modern.p12', '-keypbe', 'AES-256-CBC', '-certpbe', 'AES-256-CBC', '-macalg', 'sha256'),
    doble: doubleP12(
      ['cifrado', 'firma'].map((name) => ({
        key: readFileSync(path(`${name}.key`), 'utf8'),
        cert: readFileSync(path(`${name}.pem`), 'utf8'),
      })),
      readFileSync(path('ca.pem'), 'utf8'),
    ),
    openssl,
    limpiar: () => rmSync(dir, { recursive: true, force: true }),
  };
}

function readPemDer(pemPath: string): Buffer {
  const pem = readFileSync(pemPath, 'utf8');
  return Buffer.from(pem.replace(/-----[^-]+-----|\s/g, ''), 'base64');
}

const { asn1 } = forge;
const seq = (items: forge.asn1.Asn1[]) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, items);
const octets = (bytes: string) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OCTETSTRING, false, bytes);

/**
 * A PKCS#12 with two key pairs, which neither OpenSSL's command line nor forge's writer produce: the safe contents of
 * one forge-written file per pair (3DES, as the legacy CAs do) joined under one SHA-1 MAC, computed as PKCS#12 §B.
 */
function doubleP12(pairs: Array<{ key: string; cert: string }>, caPem: string): Buffer {
  const contents = pairs.flatMap(({ key, cert }) => {
    const pfx = forge.pkcs12.toPkcs12Asn1(
      forge.pki.privateKeyFromPem(key),
      [forge.pki.certificateFromPem(cert), forge.pki.certificateFromPem(caPem)],
      CLAVE_P12,
      {
        algorithm: '3des',
        useMac: false,
      },
    );
    // PFX = SEQUENCE { version, authSafe ContentInfo { data OID, [0] { OCTET STRING (AuthenticatedSafe DER) } } }
    const authSafe = ((pfx.value as forge.asn1.Asn1[])[1].value as forge.asn1.Asn1[])[1].value as forge.asn1.Asn1[];
    return asn1.fromDer(authSafe[0].value as string).value as forge.asn1.Asn1[];
  });
  const authSafeDer = asn1.toDer(seq(contents)).getBytes();
  const salt = forge.random.getBytesSync(8);
  const iterations = 2048;
  const macKey = forge.pkcs12.generateKey(CLAVE_P12, forge.util.createBuffer(salt), 3, iterations, 20);
  const hmac = forge.hmac.create();
  hmac.start('sha1', macKey.getBytes());
  hmac.update(authSafeDer);
  const pfx = seq([
    asn1.create(asn1.Class.UNIVERSAL, asn1.Type.INTEGER, false, asn1.integerToDer(3).getBytes()),
    seq([
      asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OID, false, asn1.oidToDer(forge.pki.oids.data).getBytes()),
      asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [octets(authSafeDer)]),
    ]),
    seq([
      seq([
        seq([
          asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OID, false, asn1.oidToDer(forge.pki.oids.sha1).getBytes()),
          asn1.create(asn1.Class.UNIVERSAL, asn1.Type.NULL, false, ''),
        ]),
        octets(hmac.digest().getBytes()),
      ]),
      octets(salt),
      asn1.create(asn1.Class.UNIVERSAL, asn1.Type.INTEGER, false, asn1.integerToDer(iterations).getBytes()),
    ]),
  ]);
  return Buffer.from(asn1.toDer(pfx).getBytes(), 'binary');
}
