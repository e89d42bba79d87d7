import { Type, type Static } from 'typebox';
import { Email, multiline, Nullable, text } from './esquemas';
import { MSG } from '../messages';
import { TICKET_MSG, TICKET_PHONE_PATTERN, TICKET_RUC_PATTERN, TICKET_STATES, TICKET_SUBJECTS } from '../tickets';

const MAX_INT = 2147483647;
const RichText = Type.String({ maxLength: 200_000, ...multiline });
const TicketState = Type.Enum([...TICKET_STATES], { errorMessage: TICKET_MSG.stateInvalid });

/** A ticket as the desk lists it (no message body). */
export const Ticket = Type.Object({
  SPT_ID: Type.Integer(),
  SPT_FECHA: Type.String(),
  SPT_ACTUALIZADO: Type.String(),
  SPT_PRODUCTOS: Type.Integer(),
  PROD_NOMBRE: Type.String(),
  SPT_RUC: Type.String(),
  SPT_CLIENTENOMBRE: Type.String(),
  SPT_CLIENTECORREO: Type.String(),
  SPT_CLIENTETELEFONO: Nullable(Type.String()),
  SPT_ASUNTO: Type.String(),
  SPT_ESTADO: Type.String(),
  SPT_NOMBREARCHIVO: Nullable(Type.String()),
  ASE_CODIGO: Nullable(Type.Integer()),
  ASE_NOMBRE: Nullable(Type.String()),
});
export type Ticket = Static<typeof Ticket>;

export const TicketFile = Nullable(
  Type.Object({ ARC_NOMBRE: Type.String(), ARC_TAMANO: Type.Integer(), ARC_TIPO: Type.String(), ARC_FECHA: Type.String() }),
);
export type TicketFile = Static<typeof TicketFile>;

export const TicketHistory = Type.Object({
  HIS_ID: Type.Integer(),
  HIS_FECHA: Type.String(),
  HIS_ACCION: Type.String({ description: 'creacion, archivo_cliente, asignacion, estado, archivo_asesor, respuesta, comentario' }),
  HIS_DESCRIPCION: Type.String(),
  HIS_ESTADO_ANTERIOR: Nullable(Type.String()),
  HIS_ESTADO_NUEVO: Nullable(Type.String()),
  HIS_COMENTARIO: Nullable(Type.String()),
  ADM_CODIGO: Nullable(Type.Integer()),
  ADM_USUARIO: Type.String({ description: 'Usuario del administrador, o cliente' }),
});
export type TicketHistory = Static<typeof TicketHistory>;

/** One message of a ticket's conversation: the customer's (the ticket's own message) or a reply of the desk. */
export const TicketThreadMessage = Type.Object({
  tipo: Type.Union([Type.Literal('cliente'), Type.Literal('asesor')], {
    description: 'cliente: el mensaje con que se creó el ticket; asesor: una respuesta enviada al cliente',
  }),
  SRE_ID: Nullable(Type.Integer({ description: 'Número de la respuesta; null en el mensaje del cliente' })),
  fecha: Type.String({ description: 'Fecha y hora ISO 8601' }),
  autor: Type.String({ description: 'Nombre del cliente, o del asesor (su nombre o usuario de entonces)' }),
  ADM_USUARIO: Nullable(Type.String({ description: 'Usuario del asesor que respondió; null en el mensaje del cliente' })),
  html: Type.String({ description: 'HTML limpio' }),
});
export type TicketThreadMessage = Static<typeof TicketThreadMessage>;

/** The whole ticket as the desk shows it: row, message, replies, both attachments, history, allowed next states. */
export const TicketDetail = Type.Object({
  ...Ticket.properties,
  SPT_MENSAJE: Type.String(),
  SPT_RESPUESTA: Nullable(Type.String({ description: 'La última respuesta enviada al cliente (todas están en hilo)' })),
  hilo: Type.Array(TicketThreadMessage, {
    description: 'La conversación entera, la más antigua primero: el mensaje del cliente y luego cada respuesta del asesor',
  }),
  SPT_CORREO_ENVIADO: Type.Boolean(),
  ASE_CORREO: Nullable(Type.String()),
  archivoCliente: TicketFile,
  archivoAsesor: TicketFile,
  historial: Type.Array(TicketHistory),
  transiciones: Type.Array(Type.String(), { description: 'Estados a los que puede pasar desde el actual' }),
});
export type TicketDetail = Static<typeof TicketDetail>;

export const TicketSummary = Type.Object({
  total: Type.Integer(),
  pendientes: Type.Integer({ description: 'ABIERTO + EN_PROCESO + REABIERTO' }),
  sinAsesor: Type.Integer({ description: 'Pendientes sin asesor asignado' }),
  porEstado: Type.Object(Object.fromEntries(TICKET_STATES.map((s) => [s, Type.Integer()]))),
});
export type TicketSummary = Static<typeof TicketSummary>;

/** The public form's ticket. */
export const TicketForm = Type.Object({
  SPT_PRODUCTOS: Type.Integer({ minimum: 1, maximum: MAX_INT, errorMessage: 'Seleccione un producto' }),
  SPT_RUC: Type.String({ pattern: TICKET_RUC_PATTERN, errorMessage: TICKET_MSG.rucLength }),
  SPT_CLIENTENOMBRE: text(200, { pattern: '\\S', errorMessage: 'Ingrese el nombre del cliente (hasta 200 caracteres)' }),
  SPT_CLIENTECORREO: Email,
  SPT_CLIENTETELEFONO: Type.Optional(
    Type.Unsafe<string | null>({
      type: 'string',
      nullable: true,
      pattern: `^$|${TICKET_PHONE_PATTERN}`,
      errorMessage: TICKET_MSG.phoneLength,
    }),
  ),
  SPT_ASUNTO: Type.Enum([...TICKET_SUBJECTS], { errorMessage: TICKET_MSG.subjectInvalid }),
  SPT_MENSAJE: RichText,
});
export type TicketForm = Static<typeof TicketForm>;

export const TicketCreated = Type.Object({
  SPT_ID: Type.Integer(),
  SPT_ESTADO: Type.String(),
  msg: Type.String(),
  tokenArchivo: Type.String({ description: 'x-token para soporte/docCli/{SPT_ID} y soporte/correo' }),
  expira: Type.String(),
});
export type TicketCreated = Static<typeof TicketCreated>;

/** A customer's contact data found by RUC or cédula, to fill in the public form. */
export const SupportCustomer = Type.Object({
  nombre: Type.String(),
  correo: Nullable(Type.String()),
  telefono: Nullable(Type.String()),
  origen: Type.Union([Type.Literal('empresa'), Type.Literal('sri')], {
    description: 'empresa: una empresa registrada en Amelia; sri: la consulta en línea de contribuyentes',
  }),
  enmascarado: Type.Boolean({
    description:
      'true: correo y teléfono van ocultos salvo unos caracteres (ma•••@gm•••.com, •••• 5678), para que su dueño los reconozca; quien llena el ticket escribe los suyos. false: completos (personal de soporte con sesión).',
  }),
});
export type SupportCustomer = Static<typeof SupportCustomer>;

export const CustomerParams = Type.Object({ id: Type.String({ maxLength: 40, errorMessage: MSG.idLength }) });
export const MailRequest = Type.Object({ SPT_ID: Type.Integer({ minimum: 1, maximum: MAX_INT }) });
export const MailResult = Type.Object({ msg: Type.String(), enviado: Type.Boolean() });

/** PUT soporte/{id}: assignment, state and a comment, each optional. */
export const TicketChange = Type.Object({
  // nullable rather than a union with Null: a wrong value then gets the field's own message, not "valor no permitido".
  ASE_CODIGO: Type.Optional(
    Type.Unsafe<number | null>({ type: 'integer', nullable: true, minimum: 1, maximum: MAX_INT, errorMessage: TICKET_MSG.adviserNotFound }),
  ),
  SPT_ESTADO: Type.Optional(TicketState),
  comentario: Type.Optional(Type.Unsafe<string | null>({ type: 'string', nullable: true, maxLength: 2000, ...multiline })),
});
export type TicketChange = Static<typeof TicketChange>;

export const TicketReply = Type.Object({ SPT_RESPUESTA: RichText, SPT_ESTADO: Type.Optional(TicketState) });
export type TicketReply = Static<typeof TicketReply>;

export const TicketDeleted = Type.Object({ SPT_ID: Type.Integer(), msg: Type.String() });
export const ClientFileSaved = Type.Object({
  SPT_ID: Type.Integer(),
  SPT_NOMBREARCHIVO: Type.String(),
  ARC_TAMANO: Type.Integer(),
  msg: Type.String(),
});
export const AdviserFileSaved = Type.Object({
  SPT_ID: Type.Integer(),
  ARC_NOMBRE: Type.String(),
  ARC_TAMANO: Type.Integer(),
  msg: Type.String(),
});
