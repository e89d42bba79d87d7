/** The module's public face: its routes for the registry (../index.ts) and what other modules use of it. */
export { default } from './routes';
export { type Certificado, certificadoAbierto, certificadoDeFirma, comprobarVigencia, olvidarCertificado } from './certificado';
export { currentSignatureExpiry, currentSignatureSecret } from './repo';
