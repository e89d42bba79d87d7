/**
 * The suppliers book's rules, shared by the company application and the server: the identification types a supplier
 * may have (a client's but the consumidor final), the limits and the Spanish messages, and what its import reads.
 * The identification and taxpayer-flag rules are the clients' (domain/clientes.ts): a supplier is checked the same way.
 */
import type { UploadRule } from './archivos';
import { hojaImportacion } from './importaciones';
import {
  BANDERAS,
  checkClientIdentification,
  CLIENTE_LIMITES,
  TIPO_IDENTIFICACION,
  TIPOS_IDENTIFICACION,
  tipoPorIdentificacion,
  type TipoIdentificacion,
} from './clientes';
import type { IdCheck } from './identifiers';

export { BANDERAS };

/** A supplier's identification types (SRI codes): RUC, cédula, pasaporte or exterior; never the consumidor final. */
export type TipoIdentificacionProveedor = Exclude<TipoIdentificacion, typeof TIPO_IDENTIFICACION.consumidorFinal>;
export const TIPOS_IDENTIFICACION_PROVEEDOR = TIPOS_IDENTIFICACION.filter(
  (t): t is { id: TipoIdentificacionProveedor; name: string } => t.id !== TIPO_IDENTIFICACION.consumidorFinal,
);

export const PROVEEDOR_LIMITES = {
  razonSocial: CLIENTE_LIMITES.razonSocial,
  nombreComercial: CLIENTE_LIMITES.nombreComercial,
  direccion: CLIENTE_LIMITES.direccion,
  contacto: 200,
  observacion: CLIENTE_LIMITES.observacion,
  correos: CLIENTE_LIMITES.correos,
  telefonos: CLIENTE_LIMITES.telefonos,
  identificacion: CLIENTE_LIMITES.identificacion,
  diasCredito: CLIENTE_LIMITES.diasCredito,
} as const;

export const PROVEEDOR_MSG = {
  identificacionRequerida: 'Ingrese la identificación del proveedor',
  tipoIdentificacion: 'Elija el tipo de identificación del proveedor: RUC, cédula, pasaporte o identificación del exterior',
  consumidorFinal: 'Un proveedor no puede ser el consumidor final: ingrese su RUC, cédula o pasaporte',
  identificacionRepetida: 'Ya existe un proveedor con esa identificación en su empresa',
  razonSocialRequerida: 'Ingrese la razón social o los nombres del proveedor',
  correoInvalido: 'Revise los correos del proveedor: uno no es una dirección válida',
  telefonoInvalido: 'Revise los teléfonos del proveedor: solo se admiten números, espacios y el signo +',
  demasiadosCorreos: `El proveedor admite como máximo ${PROVEEDOR_LIMITES.correos} correos`,
  demasiadosTelefonos: `El proveedor admite como máximo ${PROVEEDOR_LIMITES.telefonos} teléfonos`,
  diasCredito: `Los días de crédito deben ser un entero entre 0 y ${PROVEEDOR_LIMITES.diasCredito}`,
  conDocumentos:
    'El proveedor tiene documentos registrados (recibidos, retenciones o liquidaciones de compra) y no se puede eliminar; desactívelo en su lugar',
  banderasIdentificacion: 'Las consultas del SRI solo se hacen para proveedores con RUC o cédula',
  noEncontrado: 'Proveedor no encontrado, llene los datos',
  eliminado: 'Proveedor eliminado',
} as const;

/** The messages a party that is never the consumidor final (a supplier, a carrier) names its identification's errors with. */
type MensajesIdentificacion = { identificacionRequerida: string; consumidorFinal: string; tipoIdentificacion: string };

/**
 * Checks the identification of a party that is never the consumidor final against its type, as a client's is checked
 * (a wrong length is an error, a failed check digit only a warning the user may accept), with that party's messages.
 */
export const checkIdentificacionSinConsumidorFinal =
  (msg: MensajesIdentificacion) =>
  (tipo: string, value: string): IdCheck => {
    const v = String(value ?? '').trim();
    if (!v) return { valid: false, error: msg.identificacionRequerida };
    if (tipo === TIPO_IDENTIFICACION.consumidorFinal) return { valid: false, error: msg.consumidorFinal };
    if (!TIPOS_IDENTIFICACION_PROVEEDOR.some((t) => t.id === tipo)) return { valid: false, error: msg.tipoIdentificacion };
    if (tipo === TIPO_IDENTIFICACION.ruc && v === '9999999999999') return { valid: false, error: msg.consumidorFinal };
    return checkClientIdentification(tipo, v);
  };

/** A supplier's identification, with the supplier's messages. */
export const checkProveedorIdentification = checkIdentificacionSinConsumidorFinal(PROVEEDOR_MSG);

/** The identification type a bare number suggests (13 digits RUC, 10 cédula, otherwise pasaporte). */
export const tipoProveedorPorIdentificacion = (value: string): TipoIdentificacionProveedor => {
  const tipo = tipoPorIdentificacion(value);
  return tipo === TIPO_IDENTIFICACION.consumidorFinal ? TIPO_IDENTIFICACION.ruc : tipo;
};

/** The identification as stored: trimmed; passports and foreign ids in capitals (one supplier, however it is typed). */
export function identificacionProveedor(tipo: string, value: string): string {
  const text = String(value ?? '').trim();
  return tipo === TIPO_IDENTIFICACION.pasaporte || tipo === TIPO_IDENTIFICACION.exterior ? text.toUpperCase() : text;
}

/**
 * Importing suppliers from a CSV or Excel file (POST /api/proveedores/import): limits, columns (the template's header
 * and the other names a header may have) and messages. Only identificacion and razon_social are required; a column
 * that is not in the file leaves that field of an existing supplier as it is.
 */
export const IMPORTACION_PROVEEDORES = {
  ...hojaImportacion(20, 100_000),
  repetidoEnArchivo: (linea: number) => `La identificación ya figura en la línea ${linea} de este archivo`,
  demasiadoLargo: (nombre: string, max: number) => `${nombre} supera los ${max} caracteres`,
} as const satisfies UploadRule & Record<string, unknown>;

export type CampoProveedor =
  | 'tipo_identificacion'
  | 'identificacion'
  | 'razon_social'
  | 'nombre_comercial'
  | 'correos'
  | 'telefonos'
  | 'direccion'
  | 'contacto'
  | 'dias_credito'
  | 'activo'
  | 'observacion';

export const COLUMNAS_PROVEEDORES: ReadonlyArray<{
  campo: CampoProveedor;
  alias: readonly string[];
  obligatoria: boolean;
  descripcion: string;
}> = [
  {
    campo: 'tipo_identificacion',
    alias: ['tipo_id', 'tipo_de_identificacion'],
    obligatoria: false,
    descripcion: '04 RUC, 05 cédula, 06 pasaporte, 08 identificación del exterior (el código o el nombre); vacío: según la identificación',
  },
  {
    campo: 'identificacion',
    alias: ['ruc', 'cedula', 'ruc_cedula', 'ruc_o_cedula', 'numero_identificacion'],
    obligatoria: true,
    descripcion: 'RUC (13 dígitos), cédula (10) o pasaporte; con ella se reconoce a un proveedor que ya existe, que se actualiza',
  },
  {
    campo: 'razon_social',
    alias: ['nombre', 'nombres', 'proveedor'],
    obligatoria: true,
    descripcion: 'Razón social o nombres y apellidos',
  },
  { campo: 'nombre_comercial', alias: [], obligatoria: false, descripcion: 'Opcional' },
  {
    campo: 'correos',
    alias: ['correo', 'email', 'emails', 'correo_electronico'],
    obligatoria: false,
    descripcion: `Hasta ${PROVEEDOR_LIMITES.correos}, separados por punto y coma`,
  },
  {
    campo: 'telefonos',
    alias: ['telefono', 'celular'],
    obligatoria: false,
    descripcion: `Hasta ${PROVEEDOR_LIMITES.telefonos}, separados por punto y coma`,
  },
  { campo: 'direccion', alias: [], obligatoria: false, descripcion: 'Opcional' },
  { campo: 'contacto', alias: ['persona_de_contacto'], obligatoria: false, descripcion: 'A quién dirigirse en el proveedor' },
  { campo: 'dias_credito', alias: ['dias_de_credito'], obligatoria: false, descripcion: `Entero de 0 a ${PROVEEDOR_LIMITES.diasCredito}` },
  { campo: 'activo', alias: ['estado'], obligatoria: false, descripcion: 'Sí o No (vacío: Sí)' },
  { campo: 'observacion', alias: ['observaciones', 'notas'], obligatoria: false, descripcion: 'Opcional' },
];
