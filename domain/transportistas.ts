/**
 * The carriers' book (transportistas), shared by the company application and the server: who drives a guía de
 * remisión's goods (a transport company by its RUC, a driver by cédula or passport) and the plate of the vehicle they
 * usually bring. The identification types are a supplier's (any but the consumidor final) and are checked as a client's
 * are; the limits, the Spanish messages and what its import reads.
 */
import type { UploadRule } from './archivos';
import { hojaImportacion } from './importaciones';
import { CLIENTE_LIMITES } from './clientes';
import { checkIdentificacionSinConsumidorFinal, TIPOS_IDENTIFICACION_PROVEEDOR } from './proveedores';

/** A carrier's identification types (SRI codes): 04 RUC, 05 cédula, 06 pasaporte, 08 identificación del exterior. */
export const TIPOS_IDENTIFICACION_TRANSPORTISTA = TIPOS_IDENTIFICACION_PROVEEDOR;

export const TRANSPORTISTA_LIMITES = {
  razonSocial: CLIENTE_LIMITES.razonSocial,
  /** The guía's placa (GuiaRemision_V1.1.0.xsd: up to 20 characters). */
  placa: 20,
  direccion: CLIENTE_LIMITES.direccion,
  observacion: CLIENTE_LIMITES.observacion,
  correos: CLIENTE_LIMITES.correos,
  telefonos: CLIENTE_LIMITES.telefonos,
  identificacion: CLIENTE_LIMITES.identificacion,
} as const;

export const TRANSPORTISTA_MSG = {
  identificacionRequerida: 'Ingrese la identificación del transportista',
  tipoIdentificacion: 'Elija el tipo de identificación del transportista: RUC, cédula, pasaporte o identificación del exterior',
  consumidorFinal: 'Un transportista no puede ser el consumidor final: ingrese su RUC, cédula o pasaporte',
  identificacionRepetida: 'Ya existe un transportista con esa identificación en su empresa',
  razonSocialRequerida: 'Ingrese la razón social o los nombres del transportista',
  placaRequerida: 'Ingrese la placa del vehículo',
  placaLarga: `La placa admite de 1 a ${TRANSPORTISTA_LIMITES.placa} caracteres`,
  correoInvalido: 'Revise los correos del transportista: uno no es una dirección válida',
  telefonoInvalido: 'Revise los teléfonos del transportista: solo se admiten números, espacios y el signo +',
  demasiadosCorreos: `El transportista admite como máximo ${TRANSPORTISTA_LIMITES.correos} correos`,
  demasiadosTelefonos: `El transportista admite como máximo ${TRANSPORTISTA_LIMITES.telefonos} teléfonos`,
  conGuias: 'El transportista figura en guías de remisión y no se puede eliminar; desactívelo en su lugar',
  noEncontrado: 'Transportista no encontrado, llene los datos',
  eliminado: 'Transportista eliminado',
} as const;

/** A carrier's identification, checked as a supplier's with the carrier's messages. */
export const checkTransportistaIdentification = checkIdentificacionSinConsumidorFinal(TRANSPORTISTA_MSG);

/** The plate as stored and printed on the guía: without surrounding blanks, in capitals ("pba-1234 " → "PBA-1234"). */
export const placaTransportista = (value: string) =>
  String(value ?? '')
    .trim()
    .toUpperCase();

/** The plate's rule: required, at most 20 characters once trimmed; the message, or undefined when it is fine. */
export function checkPlaca(value: string): string | undefined {
  const placa = placaTransportista(value);
  if (!placa) return TRANSPORTISTA_MSG.placaRequerida;
  if (placa.length > TRANSPORTISTA_LIMITES.placa) return TRANSPORTISTA_MSG.placaLarga;
  return undefined;
}

/**
 * Importing carriers from a CSV or Excel file (POST /api/transportistas/import): limits, columns (the template's header
 * and the other names a header may have) and messages. identificacion, razon_social and placa are required; a column
 * that is not in the file leaves that field of an existing carrier as it is.
 */
export const IMPORTACION_TRANSPORTISTAS = {
  ...hojaImportacion(20, 100_000),
  repetidoEnArchivo: (linea: number) => `La identificación ya figura en la línea ${linea} de este archivo`,
  demasiadoLargo: (nombre: string, max: number) => `${nombre} supera los ${max} caracteres`,
} as const satisfies UploadRule & Record<string, unknown>;

export type CampoTransportista =
  'tipo_identificacion' | 'identificacion' | 'razon_social' | 'placa' | 'correos' | 'telefonos' | 'direccion' | 'activo' | 'observacion';

export const COLUMNAS_TRANSPORTISTAS: ReadonlyArray<{
  campo: CampoTransportista;
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
    descripcion: 'RUC (13 dígitos), cédula (10) o pasaporte; con ella se reconoce a un transportista que ya existe, que se actualiza',
  },
  {
    campo: 'razon_social',
    alias: ['nombre', 'nombres', 'transportista', 'chofer'],
    obligatoria: true,
    descripcion: 'Razón social o nombres y apellidos',
  },
  {
    campo: 'placa',
    alias: ['placa_del_vehiculo', 'vehiculo'],
    obligatoria: true,
    descripcion: `Placa del vehículo, hasta ${TRANSPORTISTA_LIMITES.placa} caracteres (se guarda en mayúsculas)`,
  },
  {
    campo: 'correos',
    alias: ['correo', 'email', 'emails', 'correo_electronico'],
    obligatoria: false,
    descripcion: `Hasta ${TRANSPORTISTA_LIMITES.correos}, separados por punto y coma`,
  },
  {
    campo: 'telefonos',
    alias: ['telefono', 'celular'],
    obligatoria: false,
    descripcion: `Hasta ${TRANSPORTISTA_LIMITES.telefonos}, separados por punto y coma`,
  },
  { campo: 'direccion', alias: [], obligatoria: false, descripcion: 'Opcional' },
  { campo: 'activo', alias: ['estado'], obligatoria: false, descripcion: 'Sí o No (vacío: Sí)' },
  { campo: 'observacion', alias: ['observaciones', 'notas'], obligatoria: false, descripcion: 'Opcional' },
];
