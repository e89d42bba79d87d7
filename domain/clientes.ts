/**
 * The clients book's rules, shared by the company application and the server: identification types (SRI codes),
 * the company roles and what each may see, the limits, and the Spanish messages (the published wording where there is one).
 */
import { checkCedula, checkRuc, CONSUMIDOR_FINAL, type IdCheck } from './identifiers';
import type { UploadRule } from './archivos';
import { hojaImportacion } from './importaciones';

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
/** A distributor inside one of its companies acts as that company's administrator. */
export const ROL_DISTRIBUIDOR_EN_EMPRESA: RolEmpresa = 'administrador';
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

/** The upload limit for a client's documents (15 MB); the server checks the type by content too. */
export const DOCUMENTO_CLIENTE = {
  kinds: ['pdf', 'jpg', 'png', 'webp', 'doc', 'docx', 'xls', 'xlsx', 'odt', 'ods'],
  maxBytes: 15_728_640,
  extensions: ['pdf', 'jpg', 'jpeg', 'png', 'webp', 'doc', 'docx', 'xls', 'xlsx', 'odt', 'ods'],
  accept: '.pdf,.jpg,.jpeg,.png,.webp,.doc,.docx,.xls,.xlsx,.odt,.ods',
  typeMessage: 'Solo se aceptan documentos PDF, imágenes (JPG, PNG, WEBP) y archivos de Office (Word, Excel) u OpenDocument',
  sizeMessage: 'El documento supera el tamaño máximo de 15 MB',
} as const satisfies UploadRule;

/** POST /api/clientes/documentos/img: only images, same limit. */
export const IMAGEN_CLIENTE = {
  kinds: ['jpg', 'png', 'webp'],
  maxBytes: DOCUMENTO_CLIENTE.maxBytes,
  extensions: ['jpg', 'jpeg', 'png', 'webp'],
  accept: '.jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp',
  typeMessage: 'Solo se aceptan imágenes JPG, PNG o WEBP',
  sizeMessage: 'La imagen supera el tamaño máximo de 15 MB',
} as const satisfies UploadRule;

/** Sending to a client (POST /api/clientes/enviar and enviarWS). */
export const ENVIO_CLIENTE = {
  /** All the attachments of one email together (most mail servers refuse more). */
  maxAdjuntosBytes: 26_214_400,
  maxAdjuntos: 10,
  asunto: 200,
  mensajeCorreo: 10_000,
  /** The Cloud API's limit for a text message. */
  mensajeWhatsApp: 4096,
  /** Sendings (email and WhatsApp) a company may make in a row before a pause of the rate-limit window (429). */
  maxSeguidos: 300,
} as const;

export const ENVIO_MSG = {
  documentoAjeno: 'Uno de los documentos elegidos no es de este cliente',
  adjuntosGrandes: 'Los adjuntos superan los 25 MB que admite un correo; elija menos documentos',
  documentoSinArchivo: (nombre: string) => `El archivo del documento ${nombre} no está disponible`,
  correoAjeno: (correo: string) => `El correo ${correo} no es uno de los correos del cliente`,
  correoEnviado: (destinos: string[]) => `Correo enviado a ${destinos.join(', ')}`,
  correoFallido: 'No se pudo enviar el correo en este momento; intente nuevamente más tarde',
  telefonoAjeno: 'El teléfono no es uno de los teléfonos del cliente',
  telefonoInvalido: (telefono: string) => `El teléfono ${telefono} no es un número válido para WhatsApp`,
  whatsappEnviado: (numero: string) => `Mensaje de WhatsApp enviado a +${numero}`,
  whatsappEnlace: 'Abra el enlace para enviar el mensaje por WhatsApp',
  whatsappFallido: 'WhatsApp no aceptó el mensaje en este momento; intente nuevamente más tarde',
} as const;

/**
 * A phone as WhatsApp wants it: digits only, with the country code. Ecuador's own numbers are written locally:
 * 09xxxxxxxx (mobile) → 5939xxxxxxxx, 0[2-7]xxxxxxx (landline) → 593[2-7]xxxxxxx; a number starting with + or 593
 * already has its country code. Null when it cannot be a phone number.
 */
export function telefonoWhatsApp(value: string): string | null {
  const raw = String(value ?? '').trim();
  const international = raw.startsWith('+') || raw.startsWith('00');
  const digits = raw.replace(/^00/, '').replace(/[\s().\-+]/g, '');
  if (!/^\d+$/.test(digits)) return null;
  if (international) return /^[1-9]\d{7,14}$/.test(digits) ? digits : null;
  if (/^09\d{8}$/.test(digits)) return `593${digits.slice(1)}`;
  if (/^0[2-7]\d{7}$/.test(digits)) return `593${digits.slice(1)}`;
  if (/^9\d{8}$/.test(digits)) return `593${digits}`;
  if (/^593[2-9]\d{7,8}$/.test(digits)) return digits;
  return null;
}

export const CLIENTE_MSG = {
  /** The lookups. */
  noEncontradoTitulo: 'Atencion',
  noEncontrado: 'Cliente no encontrado, Llenar los datos',
  sriNoDisponible: 'Por el momento no hay disponibilidad en el SRI, ingrese los datos manualmente por favor.',
  /** POST {id}/banderas for a client without RUC or cédula. */
  banderasIdentificacion: 'Las consultas del SRI solo se hacen para clientes con RUC o cédula',
  /** A failed delete shows "Error" and this prefix before the server's msg. */
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
  /** The clients' core API. */
  telefonoInvalido: 'Revise los teléfonos del cliente: solo se admiten números, espacios y el signo +',
  demasiadosCorreos: `El cliente admite como máximo ${CLIENTE_LIMITES.correos} correos`,
  demasiadosTelefonos: `El cliente admite como máximo ${CLIENTE_LIMITES.telefonos} teléfonos`,
  limiteCreditoInvalido: 'El límite de crédito debe ser un valor entre 0 y 999999999.99 con hasta dos decimales',
  vendedorPropio: 'Un vendedor solo puede asignarse a sí mismo como vendedor de sus clientes',
  consumidorFinalUnico: 'La empresa ya tiene su consumidor final; no se puede crear ni convertir otro cliente en consumidor final',
  vendedorRequerido: 'Elija el vendedor que se asignará a los clientes',
  grupoRepetido: 'Ya existe un grupo de clientes con ese nombre en su empresa',
  grupoNombreRequerido: 'Ingrese el nombre del grupo',
  eliminado: 'Cliente eliminado',
} as const;

/** GET /api/clientes/paginacion: clients per page. POST /api/clientes/nombre: most matches sent. */
export const PAGINA_CLIENTES = 25;
export const BUSQUEDA_CLIENTES_MAX = 50;
/** A phone as stored: digits, spaces and a + (6 to 20 characters). */
export const TELEFONO_PATTERN = /^\+?[0-9][0-9 ]{5,19}$/;

const PASAPORTE = /^[A-Za-z0-9]{3,20}$/;

/**
 * Checks an identification against its type: a wrong length or a non-digit is an error; a failed check digit of a
 * cédula or RUC is only a warning the user may accept (the SRI has issued real numbers that fail it).
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

/** What each company role sees and does, in one line (the users screen's role picker and list). */
export const ROL_DESCRIPCION: Record<RolEmpresa, string> = {
  administrador: 'Ve todos los clientes y crea, edita y desactiva los usuarios de la empresa',
  vendedor: 'Ve y atiende solo los clientes que tiene asignados',
  contador: 'Ve todos los clientes de la empresa; no gestiona usuarios',
};

/** How long a temporary clave given by the company's administrator (a new user, or a new clave) lasts, in hours. */
export const CLAVE_TEMPORAL_USUARIO_HORAS = 72;

/** The company users screen's messages (/api/usuarios). */
export const USUARIOS_MSG = {
  rol: 'El rol debe ser administrador, vendedor o contador',
  propioDesactivar: 'No puede desactivar su propio usuario. Pida a otro administrador de la empresa que lo haga.',
  propioRol: 'No puede quitarse a sí mismo el rol de administrador. Pida a otro administrador de la empresa que lo haga.',
  ultimoAdministrador:
    'La empresa debe tener al menos un administrador activo. Dé el rol de administrador a otro usuario activo antes de cambiar este.',
  propiaClave: 'Para cambiar su propia clave use «Cambiar clave» en el menú de su usuario.',
} as const;

/**
 * Importing clients from a CSV or Excel file (POST /api/clientes/import): its limits, its columns (the header of the
 * downloadable template, with the other names a header may have: compared without accents, case or spaces) and its
 * messages. Only identificacion and razon_social are required; a column that is not in the file leaves that field of
 * an existing client as it is.
 */
export const IMPORTACION_CLIENTES = {
  ...hojaImportacion(50, 200_000),
  sinCabecera: 'La primera fila del archivo debe ser la cabecera con los nombres de las columnas',
  otroVendedor: 'Ya existe en su empresa un cliente con esa identificación que no está asignado a usted',
} as const satisfies UploadRule & Record<string, unknown>;

export type ColumnaImportacion = { campo: string; alias: readonly string[]; obligatoria: boolean; descripcion: string };
export const COLUMNAS_IMPORTACION: readonly ColumnaImportacion[] = [
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
    descripcion: 'RUC (13 dígitos), cédula (10) o pasaporte; con ella se reconoce a un cliente que ya existe',
  },
  {
    campo: 'razon_social',
    alias: ['nombre', 'nombres', 'nombres_y_apellidos', 'cliente'],
    obligatoria: true,
    descripcion: 'Razón social o nombres y apellidos',
  },
  { campo: 'nombre_comercial', alias: [], obligatoria: false, descripcion: 'Opcional' },
  {
    campo: 'correos',
    alias: ['correo', 'email', 'emails', 'correo_electronico', 'correos_electronicos'],
    obligatoria: false,
    descripcion: `Hasta ${CLIENTE_LIMITES.correos}, separados por punto y coma`,
  },
  {
    campo: 'telefonos',
    alias: ['telefono', 'celular', 'celulares'],
    obligatoria: false,
    descripcion: `Hasta ${CLIENTE_LIMITES.telefonos}, separados por punto y coma`,
  },
  { campo: 'direccion', alias: [], obligatoria: false, descripcion: 'Opcional' },
  { campo: 'tipo_cliente', alias: ['tipo_de_cliente'], obligatoria: false, descripcion: 'El nombre de un tipo de cliente' },
  { campo: 'grupo', alias: ['grupo_cliente', 'grupo_de_cliente'], obligatoria: false, descripcion: 'El nombre de un grupo de su empresa' },
  {
    campo: 'vendedor',
    alias: ['usuario_vendedor', 'asesor'],
    obligatoria: false,
    descripcion: 'El usuario de un vendedor de su empresa (lo ignora la importación de un vendedor: se le asignan a él)',
  },
  { campo: 'dias_credito', alias: ['dias_de_credito'], obligatoria: false, descripcion: `Entero de 0 a ${CLIENTE_LIMITES.diasCredito}` },
  {
    campo: 'limite_credito',
    alias: ['limite_de_credito', 'cupo'],
    obligatoria: false,
    descripcion: 'Valor en dólares, con punto o coma decimal',
  },
  { campo: 'activo', alias: ['estado'], obligatoria: false, descripcion: 'Sí o No (vacío: Sí)' },
  { campo: 'observacion', alias: ['observaciones', 'notas'], obligatoria: false, descripcion: 'Opcional' },
];
