/**
 * The clients book's rules, shared by the company application and the server: identification types (SRI codes),
 * the company roles and what each may see, the limits, and the Spanish messages (spec §8 where it gives them).
 */
import { checkCedula, checkRuc, CONSUMIDOR_FINAL, type IdCheck } from './identifiers';

export { CONSUMIDOR_FINAL };

/** Identification types of a buyer, as the SRI codes them (tabla 6 of the ficha técnica). */
export const TIPO_IDENTIFICACION = {
  ruc: '04',
  cedula: '05',
  pasaporte: '06',
  consumidorFinal: '07',
  exterior: '08',
} as const;
export type TipoIdentificacion = (typeof TIPO_IDENTIFICACION)[keyof typeof TIPO_IDENTIFICACION];

export const TIPOS_IDENTIFICACION: ReadonlyArray<{ id: TipoIdentificacion; name: string }> = [
  { id: '04', name: 'RUC' },
  { id: '05', name: 'Cédula' },
  { id: '06', name: 'Pasaporte' },
  { id: '07', name: 'Consumidor final' },
  { id: '08', name: 'Identificación del exterior' },
];

/**
 * A company user's role: the administrator manages the company's users and sees every client; the accountant sees
 * every client; a seller sees only the clients assigned to them.
 */
export const ROLES_EMPRESA = ['administrador', 'vendedor', 'contador'] as const;
export type RolEmpresa = (typeof ROLES_EMPRESA)[number];
export const ROL_NOMBRE: Record<RolEmpresa, string> = {
  administrador: 'Administrador de la empresa',
  vendedor: 'Vendedor',
  contador: 'Contador',
};
/** Whether the role may see every client of the company (mostrarTodos); a seller sees only theirs. */
export const veTodosLosClientes = (rol: RolEmpresa): boolean => rol !== 'vendedor';

export const CLIENTE_LIMITES = {
  razonSocial: 300,
  nombreComercial: 300,
  direccion: 300,
  observacion: 2000,
  correos: 10,
  telefonos: 5,
  identificacion: 20,
  diasCredito: 365,
  limiteCredito: 999_999_999.99,
} as const;

/** The spec's upload limit for a client's documents (§9: 15 MB). */
export const DOCUMENTO_CLIENTE = {
  maxBytes: 15_728_640,
  extensions: ['pdf', 'jpg', 'jpeg', 'png', 'webp', 'doc', 'docx', 'xls', 'xlsx', 'odt', 'ods'],
  typeMessage: 'Solo se aceptan documentos PDF, imágenes (JPG, PNG, WEBP) y archivos de Office (Word, Excel) u OpenDocument',
  sizeMessage: 'El documento supera el tamaño máximo de 15 MB',
} as const;

export const CLIENTE_MSG = {
  /** spec §8: the lookups. */
  noEncontradoTitulo: 'Atencion',
  noEncontrado: 'Cliente no encontrado, Llenar los datos',
  sriNoDisponible: 'Por el momento no hay disponibilidad en el SRI, ingrese los datos manualmente por favor.',
  /** spec §8: a failed delete shows "Error" and this prefix before the server's msg. */
  eliminarError: 'Ocurrió un inconveniente: ',
  conDocumentos: 'El cliente tiene documentos registrados y no se puede eliminar; desactívelo en su lugar',
  consumidorFinal: 'El consumidor final no se puede modificar ni eliminar',
  identificacionRepetida: 'Ya existe un cliente con esa identificación en su empresa',
  identificacionRequerida: 'Ingrese la identificación del cliente',
  pasaporteFormato: 'El pasaporte o la identificación del exterior debe tener de 3 a 20 letras o números',
  consumidorFinalFormato: 'La identificación del consumidor final es 9999999999999',
  tipoIdentificacion: 'Elija el tipo de identificación',
  razonSocialRequerida: 'Ingrese la razón social o los nombres del cliente',
  correoInvalido: 'Revise los correos del cliente: uno no es una dirección válida',
  sinCorreo: 'El cliente no tiene correos registrados',
  sinTelefono: 'El cliente no tiene teléfonos registrados',
  vendedorInvalido: 'El vendedor no es un usuario activo de su empresa',
  grupoInvalido: 'El grupo no existe en su empresa',
  tipoInvalido: 'El tipo de cliente no existe',
  tipoJuridicoInvalido: 'El tipo jurídico no corresponde al tipo de identificación',
} as const;

const PASAPORTE = /^[A-Za-z0-9]{3,20}$/;

/**
 * Checks an identification against its type: a wrong length or a non-digit is an error; a failed check digit of a
 * cédula or RUC is only a warning the user may accept (ecuador.md, "Identifiers").
 */
export function checkClientIdentification(tipo: string, value: string): IdCheck {
  const v = String(value ?? '').trim();
  if (!v) return { valid: false, error: CLIENTE_MSG.identificacionRequerida };
  switch (tipo) {
    case TIPO_IDENTIFICACION.ruc:
      return checkRuc(v);
    case TIPO_IDENTIFICACION.cedula:
      return checkCedula(v);
    case TIPO_IDENTIFICACION.consumidorFinal:
      return v === CONSUMIDOR_FINAL ? { valid: true } : { valid: false, error: CLIENTE_MSG.consumidorFinalFormato };
    case TIPO_IDENTIFICACION.pasaporte:
    case TIPO_IDENTIFICACION.exterior:
      return PASAPORTE.test(v) ? { valid: true } : { valid: false, error: CLIENTE_MSG.pasaporteFormato };
    default:
      return { valid: false, error: CLIENTE_MSG.tipoIdentificacion };
  }
}

/** The identification type a bare number suggests: 13 digits RUC, 10 digits cédula, otherwise passport. */
export function tipoPorIdentificacion(value: string): TipoIdentificacion {
  const v = value.trim();
  if (v === CONSUMIDOR_FINAL) return TIPO_IDENTIFICACION.consumidorFinal;
  if (/^\d{13}$/.test(v)) return TIPO_IDENTIFICACION.ruc;
  if (/^\d{10}$/.test(v)) return TIPO_IDENTIFICACION.cedula;
  return TIPO_IDENTIFICACION.pasaporte;
}

/** Taxpayer flags a lookup may set on a client (CLI_BANDERAS), with the badge text and whether it warns. */
export const BANDERAS = {
  fantasma: {
    etiqueta: 'Empresa fantasma',
    detalle: 'El SRI la registra como empresa fantasma o inexistente: sus comprobantes no sustentan costos, gastos ni crédito tributario',
    alerta: true,
  },
  especial: { etiqueta: 'Contribuyente especial', detalle: 'Designado contribuyente especial por el SRI', alerta: false },
  agenteRetencion: { etiqueta: 'Agente de retención', detalle: 'Designado agente de retención por el SRI', alerta: false },
  rimpe: { etiqueta: 'Régimen RIMPE', detalle: 'Contribuyente del Régimen RIMPE', alerta: false },
} as const;
export type Bandera = keyof typeof BANDERAS;
/** CLI_BANDERAS: the flags found, the cadastre data, and when they were looked up (ISO date-time). */
export type Banderas = Partial<Record<Bandera, boolean>> & {
  catastro?: { estado?: string | null; actividad?: string | null; inicioActividades?: string | null } | null;
  consultado?: string;
};
