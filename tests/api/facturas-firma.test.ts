import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DOMParser } from '@xmldom/xmldom';
import { SignedXml } from 'xml-crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abrirCertificado, certificadoDeFirma, type Certificado } from '../../server/modules/firmas/certificado';
import { firmarXml, horaEcuador } from '../../server/modules/comprobantes/xades';
import { facturaXml } from '../../server/modules/facturas/xml';
import { FIRMA_MSG } from '../../domain/firmas';
import { diaEcuador } from '../../domain/fechas';
import { CLAVE_P12, crearCertificadosPrueba, type CertificadosPrueba } from '../helpers/certificados';
import { comprobanteConLineas, comprobanteEjemplo } from '../helpers/comprobante-ejemplo';

/**
 * The XAdES-BES signature the SRI verifies, proven by two verifiers that share no code with the signer: Debian's
 * xmlsec1 (libxml2's C14N, the certificate chained to the test CA) and xml-crypto (its own C14N, the signer's
 * certificate pinned). Both must accept every signed document and refuse it once any signed byte changes.
 */

const DS = 'http://www.w3.org/2000/09/xmldsig#';
const ETSI = 'http://uri.etsi.org/01903/v1.3.2#';
/** The SRI's schemas as the server carries them (copied unchanged from the SRI's published files). */
const SRI = resolve(import.meta.dirname, '../../server/modules/comprobantes/esquemas');

let certs: CertificadosPrueba;
/** The legacy file opened once, for the tests that are about the signature rather than the file. */
let legacy: Certificado;
let files = 0;

beforeAll(() => {
  certs = crearCertificadosPrueba();
  legacy = abrirCertificado(certs.legacy, CLAVE_P12);
});
afterAll(() => certs?.limpiar());

/** xmlsec1 with the key taken only from the X509 certificate, which must chain to the test CA. */
function xmlsec(xml: string): { ok: boolean; salida: string } {
  const file = join(certs.dir, `firmado-${++files}.xml`);
  writeFileSync(file, xml);
  const run = spawnSync(
    'xmlsec1',
    ['--verify', '--trusted-pem', certs.caPem, '--id-attr:id', 'factura', '--enabled-key-data', 'x509', file],
    {
      encoding: 'utf8',
    },
  );
  return { ok: run.status === 0, salida: run.stderr };
}

/** xml-crypto with the signing certificate pinned: a valid signature by any other key is a refusal. */
function xmlCrypto(xml: string): boolean {
  const doc = new DOMParser().parseFromString(xml, 'text/xml');
  const verifier = new SignedXml({ publicCert: readFileSync(certs.firmaPem) });
  verifier.loadSignature(doc.getElementsByTagNameNS(DS, 'Signature')[0]);
  try {
    return verifier.checkSignature(xml) && verifier.getSignedReferences().length === 3;
  } catch {
    return false;
  }
}

function expectAccepted(xml: string) {
  const result = xmlsec(xml);
  expect(result.ok, result.salida).toBe(true);
  expect(result.salida).toContain('SignedInfo References (ok/all): 3/3');
  expect(xmlCrypto(xml)).toBe(true);
}

function expectRefused(xml: string) {
  expect(xmlsec(xml).ok).toBe(false);
  expect(xmlCrypto(xml)).toBe(false);
}

/** Replaces the only occurrence of `from`, so that a tampering that did not happen cannot pass as refused. */
function replaceOnce(xml: string, from: RegExp, to: (match: string) => string): string {
  const matches = xml.match(new RegExp(from.source, 'g')) ?? [];
  expect(matches).toHaveLength(1);
  const changed = xml.replace(from, to);
  expect(changed).not.toBe(xml);
  return changed;
}

const element = (xml: string, ns: string, name: string) =>
  new DOMParser().parseFromString(xml, 'text/xml').getElementsByTagNameNS(ns, name);

describe('the .p12 files of Ecuadorian CAs', () => {
  it('are made in the encryptions this test claims', () => {
    const info = (file: string, ...flags: string[]) =>
      spawnSync('openssl', ['pkcs12', '-info', '-noout', ...flags, '-in', join(certs.dir, file), '-passin', `pass:${CLAVE_P12}`], {
        encoding: 'utf8',
      }).stderr;
    const legacy = info('legacy.p12', '-legacy');
    expect(legacy).toContain('pbeWithSHA1And40BitRC2-CBC');
    expect(legacy).toContain('pbeWithSHA1And3-KeyTripleDES-CBC');
    expect(legacy).toContain('MAC: sha1');
    const modern = info('modern.p12');
    expect(modern).toMatch(/PBES2, PBKDF2, AES-256-CBC.*hmacWithSHA256/);
    expect(modern).toContain('MAC: sha256');
  });

  it('open with their password and give the signing certificate and its key', () => {
    for (const p12 of [certs.legacy, certs.modern]) {
      const certificado = abrirCertificado(p12, CLAVE_P12);
      expect(certificado.certDer.equals(certs.firmaDer)).toBe(true);
      expect(certificado.key.asymmetricKeyType).toBe('rsa');
    }
  });

  it('with two certificates and two keys, sign with the one whose usage is digitalSignature', () => {
    const certificado = abrirCertificado(certs.doble, CLAVE_P12);
    expect(certificado.certDer.equals(certs.firmaDer)).toBe(true);
    expect(certificado.certDer.equals(certs.cifradoDer)).toBe(false);
    expectAccepted(firmarXml(facturaXml(comprobanteEjemplo()), certificado));
  });

  it('refuse a wrong password in Spanish', () => {
    for (const p12 of [certs.legacy, certs.modern, certs.doble]) {
      expect(() => abrirCertificado(p12, 'Clave.Firma-2025')).toThrow(FIRMA_MSG.wrongPassword);
    }
  });

  it('refuse an expired certificate, saying until when it was valid', () => {
    const certificado = legacy;
    const later = new Date(certificado.notAfter.getTime() + 86_400_000);
    const [desde, hasta] = [certificado.notBefore, certificado.notAfter].map(diaEcuador);
    const message = `La firma electrónica está caducada: fue válida del ${desde} al ${hasta}.`;
    expect(() => abrirCertificado(certs.legacy, CLAVE_P12, later)).toThrow(message);
    // A certificate opened while valid and kept in memory is refused too once it expires.
    expect(() => firmarXml(facturaXml(comprobanteEjemplo()), certificado, later)).toThrow(message);
  });

  it('are opened once per signature and then served from memory, still checking their validity', async () => {
    let loads = 0;
    const load = async () => {
      loads++;
      return { p12: certs.modern, clave: CLAVE_P12 };
    };
    const first = await certificadoDeFirma(9_000_001, load);
    expect(await certificadoDeFirma(9_000_001, load)).toBe(first);
    expect(loads).toBe(1);
    await expect(certificadoDeFirma(9_000_001, load, new Date(first.notAfter.getTime() + 1000))).rejects.toThrow(/caducada/);
  });
});

describe.each([
  ['legacy (RC2/3DES, SHA-1 MAC)', () => certs.legacy],
  ['modern (AES-256, PBKDF2, SHA-256 MAC)', () => certs.modern],
])('an invoice signed with a %s .p12', (_name, p12) => {
  let certificado: Certificado;
  let xml: string;
  let signed: string;
  const ahora = new Date(Date.now() + 60_000);

  beforeAll(() => {
    certificado = abrirCertificado(p12(), CLAVE_P12);
    xml = facturaXml(comprobanteEjemplo());
    signed = firmarXml(xml, certificado, ahora);
  });

  it('is accepted by xmlsec1 and xml-crypto, all three references verified', () => {
    expectAccepted(signed);
  });

  it('keeps the invoice byte for byte and appends ds:Signature as the last child of the root', () => {
    expect(signed.startsWith(xml.slice(0, xml.lastIndexOf('</factura>')))).toBe(true);
    expect(signed).toMatch(/<\/ds:Signature><\/factura>$/);
    const root = new DOMParser().parseFromString(signed, 'text/xml').documentElement!;
    expect((root.lastChild as Element | null)?.localName).toBe('Signature');
  });

  it('refuses a changed importeTotal', () => {
    expectRefused(replaceOnce(signed, /<importeTotal>150\.56</, () => '<importeTotal>150.57<'));
  });

  it('refuses a changed signing time', () => {
    expectRefused(
      replaceOnce(signed, /<etsi:SigningTime>[^<]+/, (match) =>
        match.replace(/(\d)(-05:00)$/, (_, d: string, zone: string) => `${(Number(d) + 1) % 10}${zone}`),
      ),
    );
  });

  it('refuses a changed byte of the certificate', () => {
    expectRefused(
      replaceOnce(signed, /<ds:X509Certificate>[^<]+</, (match) => {
        const at = match.length - 12; // inside the CA's signature: the certificate still parses
        return match.slice(0, at) + (match[at] === 'A' ? 'B' : 'A') + match.slice(at + 1);
      }),
    );
  });

  it('has the structure the SRI asks for: C14N, RSA-SHA1, SHA-1, and the three references in order', () => {
    const signedInfo = element(signed, DS, 'SignedInfo')[0];
    expect(signedInfo.getElementsByTagNameNS(DS, 'CanonicalizationMethod')[0].getAttribute('Algorithm')).toBe(
      'http://www.w3.org/TR/2001/REC-xml-c14n-20010315',
    );
    expect(signedInfo.getElementsByTagNameNS(DS, 'SignatureMethod')[0].getAttribute('Algorithm')).toBe(`${DS}rsa-sha1`);
    const references = Array.from(signedInfo.getElementsByTagNameNS(DS, 'Reference'));
    expect(references).toHaveLength(3);
    for (const reference of references) {
      expect(reference.getElementsByTagNameNS(DS, 'DigestMethod')[0].getAttribute('Algorithm')).toBe(`${DS}sha1`);
    }
    const byId = (uri: string | null) => {
      const id = uri!.slice(1);
      const found = Array.from(new DOMParser().parseFromString(signed, 'text/xml').getElementsByTagName('*')).filter(
        (e) => (e.hasAttribute('Id') && e.getAttribute('Id') === id) || (e.hasAttribute('id') && e.getAttribute('id') === id),
      );
      expect(found).toHaveLength(1);
      return found[0];
    };
    const [properties, keyInfo, document] = references;
    expect(properties.getAttribute('Type')).toBe('http://uri.etsi.org/01903#SignedProperties');
    expect(byId(properties.getAttribute('URI')).localName).toBe('SignedProperties');
    expect(byId(keyInfo.getAttribute('URI')).localName).toBe('KeyInfo');
    expect(document.getAttribute('URI')).toBe('#comprobante');
    expect(document.getElementsByTagNameNS(DS, 'Transform')[0].getAttribute('Algorithm')).toBe(`${DS}enveloped-signature`);
    const format = element(signed, ETSI, 'DataObjectFormat')[0];
    expect(format.getAttribute('ObjectReference')).toBe(`#${document.getAttribute('Id')}`);
    expect(format.getElementsByTagNameNS(ETSI, 'Description')[0].textContent).toBe('contenido comprobante');
    expect(format.getElementsByTagNameNS(ETSI, 'MimeType')[0].textContent).toBe('text/xml');
    const ids = Array.from(new DOMParser().parseFromString(signed, 'text/xml').getElementsByTagName('*')).flatMap((e) =>
      e.hasAttribute('Id') ? [e.getAttribute('Id')] : [],
    );
    expect(ids).toHaveLength(8);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('is a ds:Signature the W3C schema the SRI imports accepts', () => {
    const file = join(certs.dir, `firma-${++files}.xml`);
    writeFileSync(file, signed.slice(signed.indexOf('<ds:Signature'), signed.lastIndexOf('</factura>')));
    const run = spawnSync('xmllint', ['--noout', '--nonet', '--schema', join(SRI, 'xmldsig-core-schema.xsd'), file], { encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
  });

  it("carries the certificate's own key, digest, issuer and serial as OpenSSL reads them", () => {
    const text = (ns: string, name: string) => element(signed, ns, name)[0].textContent;
    const [modulusLine, serialLine, issuerLine] = certs
      .openssl('x509', '-in', certs.firmaPem, '-noout', '-modulus', '-serial', '-issuer', '-nameopt', 'RFC2253')
      .trim()
      .split('\n');
    const modulusHex = modulusLine.replace('Modulus=', '');
    expect(Buffer.from(text(DS, 'Modulus')!, 'base64').toString('hex').toUpperCase()).toBe(modulusHex);
    expect(text(DS, 'Exponent')).toBe('AQAB');
    expect(text(DS, 'X509Certificate')).toBe(certs.firmaDer.toString('base64'));
    const certDigest = element(signed, ETSI, 'CertDigest')[0].getElementsByTagNameNS(DS, 'DigestValue')[0].textContent;
    expect(certDigest).toBe(createHash('sha1').update(certs.firmaDer).digest('base64'));
    expect(text(DS, 'X509IssuerName')).toBe(issuerLine.replace(/^issuer=/, ''));
    expect(text(DS, 'X509IssuerName')).toBe(
      'CN=AC PRUEBAS AMELIA,OU=ENTIDAD DE CERTIFICACION DE INFORMACION,O=DATOS & FIRMAS\\, S.A.,C=EC',
    );
    expect(text(DS, 'X509SerialNumber')).toBe(BigInt(`0x${serialLine.replace('serial=', '')}`).toString());
    // Quito's wall clock as the time zone database has it, with Ecuador's fixed offset.
    const quito = new Intl.DateTimeFormat('sv-SE', { timeZone: 'America/Guayaquil', dateStyle: 'short', timeStyle: 'medium' }).format(
      ahora,
    );
    expect(text(ETSI, 'SigningTime')).toBe(`${quito.replace(' ', 'T')}-05:00`);
    expect(horaEcuador(ahora)).toBe(text(ETSI, 'SigningTime'));
  });
});

describe('canonicalization of what the invoice module may write', () => {
  it('matches both verifiers on references, CDATA, comments, empty elements, unsorted attributes and white space in tags', () => {
    const certificado = legacy;
    const xml =
      '<?xml version="1.0" encoding="UTF-8"?>\n<!-- antes -->\n' +
      '<factura version="1.1.0" id="comprobante"><a z="1" b="x&#9;y &quot;q&quot;" c=\'&lt;&amp;\'/>' +
      '<t>uno&#13;dos &gt; &apos;tres&apos; &#241;&#x00F1; > <![CDATA[<c & d>]]></t><!-- dentro -->' +
      '<u>tab\tlinea\r\nfin ñ</u><v a="1" b="&amp;">ya canónico</v ><w\n/></factura>\n';
    const signed = firmarXml(xml, certificado);
    expectAccepted(signed);
    expectRefused(replaceOnce(signed, /uno&#13;dos/, () => 'uno&#10;dos'));
  });

  it('refuses to sign what the #comprobante reference would not find, or what is not well formed', () => {
    expect(() => firmarXml('<factura version="a>b" id="otro"><a>1</a></factura>', legacy)).toThrow('id="comprobante"');
    expect(() => firmarXml('<factura id="comprobante"><a>1</b></factura>', legacy)).toThrow();
    expect(() => firmarXml('<!DOCTYPE f [<!ENTITY e "x">]><factura id="comprobante">&e;</factura>', legacy)).toThrow();
  });

  it('is stable: signing the same invoice twice gives the same document digest and different ids', () => {
    const certificado = legacy;
    const xml = facturaXml(comprobanteEjemplo());
    const [a, b] = [firmarXml(xml, certificado), firmarXml(xml, certificado)];
    const digest = (s: string) => /URI="#comprobante">.*?<ds:DigestValue>([^<]+)</.exec(s)![1];
    expect(digest(a)).toBe(digest(b));
    expect(digest(a)).toBe(
      createHash('sha1')
        .update(xml.slice(xml.indexOf('<factura')).trim(), 'utf8')
        .digest('base64'),
    );
    expect(/Id="(Signature\d+)"/.exec(a)![1]).not.toBe(/Id="(Signature\d+)"/.exec(b)![1]);
  });
});

describe('a 20-line invoice', () => {
  // How long signing takes is the bench's (npm run bench -- --facturas), not a test's.
  it('is signed so that both verifiers accept it', () => {
    expectAccepted(firmarXml(facturaXml(comprobanteConLineas(20)), legacy));
  });
});
