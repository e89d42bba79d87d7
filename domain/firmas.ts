/**
 * The electronic signature's rules and texts. Apart from messages.ts and archivos.ts, which every public page loads:
 * only the screens and routes of signatures need them.
 */
import type { UploadRule } from './archivos';

/** The electronic signature (.p12/.pfx): why one is refused, what the upload warns about, what the user is told. */
export const FIRMA_MSG = {
  wrongPassword: 'La contraseña de la firma electrónica es incorrecta.',
  notPkcs12: 'El archivo no es una firma electrónica (.p12 o .pfx) válida.',
  noPrivateKey: 'El archivo no contiene la clave privada de la firma electrónica; expórtelo nuevamente incluyendo la clave privada.',
  keyMismatch: 'La clave privada del archivo no corresponde a ninguno de sus certificados.',
  expired: (desde: string, hasta: string) => `La firma electrónica está caducada: fue válida del ${desde} al ${hasta}.`,
  notYetValid: (desde: string, hasta: string) => `La firma electrónica todavía no es válida: lo será del ${desde} al ${hasta}.`,
  notForSigning: 'El certificado no sirve para firmar documentos: no tiene el uso de firma digital ni de no repudio.',
  idMismatch: (certificado: string, empresa: string) =>
    `El RUC/cédula del certificado (${certificado}) no coincide con el de la empresa (${empresa}).`,
  noId: 'El certificado no contiene un RUC ni una cédula; verifique que pertenezca a la empresa.',
  fileType: 'Seleccione un archivo de firma electrónica con formato .p12 o .pfx',
  fileSize: 'El archivo de la firma electrónica supera el peso máximo de 100 KB',
  fileRequired: 'Adjunte el archivo de la firma electrónica (.p12 o .pfx) en el campo signfile',
  passwordRequired: 'Ingrese la contraseña de la firma electrónica (campo password)',
  passwordTooLong: 'La contraseña de la firma electrónica admite como máximo 200 caracteres',
  rucInvalid: 'El campo ruc debe tener 10 o 13 dígitos',
  malformed: 'La firma debe enviarse como multipart/form-data con los campos password y signfile',
  saved: 'Firma electrónica guardada.',
  valid: 'La firma electrónica es válida.',
  noticeMissing: 'Su empresa no tiene una firma electrónica registrada. Súbala para poder autorizar comprobantes en el SRI.',
  noticeExpired: (hasta: string) =>
    `Su firma electrónica caducó el ${hasta}. Suba una nueva para seguir autorizando comprobantes en el SRI.`,
  noticeExpiring: (hasta: string, dias: number) =>
    `Su firma electrónica caduca el ${hasta} (${dias === 0 ? 'hoy' : dias === 1 ? 'mañana' : `en ${dias} días`}). Renuévela a tiempo para no interrumpir la emisión de comprobantes.`,
} as const;

/** An electronic signature (.p12/.pfx, PKCS#12) up to 100 KB; the store keeps it sealed (server/infra/secret-box.ts). */
export const SIGNATURE_FILE: UploadRule = {
  kinds: ['p12'],
  extensions: ['p12', 'pfx'],
  accept: '.p12,.pfx,application/x-pkcs12',
  maxBytes: 102_400,
  typeMessage: FIRMA_MSG.fileType,
  sizeMessage: FIRMA_MSG.fileSize,
};
