import { Type, type Static } from 'typebox';
import { Nullable } from './esquemas';

/** What a certificate says, read from a .p12 that opened with its password. Dates are YYYY-MM-DD (UTC). */
const certificado = {
  FIR_TITULAR: Type.String({ description: 'Titular (CN del certificado)' }),
  FIR_EMISOR: Type.String({ description: 'Entidad de certificación que lo emitió' }),
  FIR_SERIE: Type.String({ description: 'Número de serie, hexadecimal' }),
  FIR_IDENTIFICACION: Nullable(Type.String({ description: 'RUC o cédula que consta en el certificado' })),
  FIR_DESDE: Type.String({ description: 'Válido desde (YYYY-MM-DD)' }),
  FIR_HASTA: Type.String({ description: 'Válido hasta (YYYY-MM-DD)' }),
};

/** A stored signature's metadata: never its file or its password. */
export const Firma = Type.Object({
  FIR_CODIGO: Type.Integer(),
  FIR_ACTUAL: Type.Boolean({ description: 'La firma en uso; las reemplazadas quedan como historial, sin archivo' }),
  ...certificado,
  FIR_FECHA: Type.String({ description: 'Cuándo se subió (ISO 8601)' }),
  ARC_NOMBRE: Nullable(Type.String({ description: 'Nombre del archivo subido; null en las reemplazadas' })),
  FIR_SUBIDA_POR: Nullable(Type.String({ description: 'Quién la subió: administrador o usuario de la empresa' })),
});
export type Firma = Static<typeof Firma>;

/** The company's signature in use and the ones it replaced, newest first. */
export const FirmasEmpresa = Type.Object({ actual: Nullable(Firma), anteriores: Type.Array(Firma) });
export type FirmasEmpresa = Static<typeof FirmasEmpresa>;

const revision = {
  FIR_USOS: Type.Array(Type.String(), { description: 'Usos de la clave declarados (digitalSignature, nonRepudiation...)' }),
  advertencias: Type.Array(Type.String(), { description: 'Lo que conviene revisar aunque la firma sea válida (RUC/cédula distinto)' }),
  msg: Type.String(),
};

/** The answer of a check-only upload: nothing was stored. */
export const FirmaComprobada = Type.Object({ ...certificado, ...revision });
export type FirmaComprobada = Static<typeof FirmaComprobada>;

/** The answer of an upload that stored the signature, now the company's current one. */
export const FirmaGuardada = Type.Object({ ...Firma.properties, ...revision });
export type FirmaGuardada = Static<typeof FirmaGuardada>;

export const EmpresaParam = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }) });

const multipart = 'multipart/form-data: `password` (la contraseña de la firma) y `signfile` (el archivo .p12 o .pfx, hasta 100 KB)';
export const UPLOAD_DESCRIPTION = `${multipart}. Abre el archivo con la contraseña y lo rechaza (400) si la contraseña es incorrecta, si no es un PKCS#12, si no trae la clave privada, si el certificado está caducado o todavía no es válido, o si no sirve para firmar. El archivo y la contraseña se guardan cifrados (AES-256-GCM) y ninguna llamada los devuelve.`;
export const CHECK_DESCRIPTION = `${multipart}, y opcionalmente \`ruc\` para compararlo con el del certificado. Hace las mismas comprobaciones que la subida sin guardar nada.`;
