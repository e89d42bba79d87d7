/**
 * Support tickets: states and their lifecycle, subjects, and the desk's own messages.
 * Shared by the web app and the server; dependency-free.
 */

export const TICKET_STATES = ['ABIERTO', 'EN_PROCESO', 'RESUELTO', 'CERRADO', 'REABIERTO'] as const;
export type TicketState = (typeof TICKET_STATES)[number];

/** A new ticket starts ABIERTO. */
export const TICKET_INITIAL_STATE: TicketState = 'ABIERTO';
/** A closed ticket takes no reply until it is reopened (to REABIERTO). */
export const TICKET_CLOSED: TicketState = 'CERRADO';
export const TICKET_REOPENED: TicketState = 'REABIERTO';

export const TICKET_STATE_LABELS: Record<TicketState, string> = {
  ABIERTO: 'Abierto',
  EN_PROCESO: 'En proceso',
  RESUELTO: 'Resuelto',
  CERRADO: 'Cerrado',
  REABIERTO: 'Reabierto',
};

/** Which states a ticket may move to from each state. */
export const TICKET_TRANSITIONS: Record<TicketState, readonly TicketState[]> = {
  ABIERTO: ['EN_PROCESO', 'RESUELTO', 'CERRADO'],
  EN_PROCESO: ['RESUELTO', 'CERRADO', 'ABIERTO'],
  RESUELTO: ['CERRADO', 'REABIERTO'],
  CERRADO: ['REABIERTO'],
  REABIERTO: ['EN_PROCESO', 'RESUELTO', 'CERRADO'],
};

export const isTicketState = (value: unknown): value is TicketState =>
  typeof value === 'string' && (TICKET_STATES as readonly string[]).includes(value);

export const canTransition = (from: TicketState, to: TicketState): boolean => TICKET_TRANSITIONS[from].includes(to);

export const ticketStateLabel = (state: string): string => (isTicketState(state) ? TICKET_STATE_LABELS[state] : state);

/** Ticket subject values, as stored in SPT_ASUNTO. */
export const TICKET_SUBJECTS = ['sdev', 'stec', 'cptn', 'trmt', 'admi'] as const;
export type TicketSubject = (typeof TICKET_SUBJECTS)[number];

export const TICKET_SUBJECT_LABELS: Record<TicketSubject, string> = {
  sdev: 'Solicitud de Desarrollo',
  stec: 'Soporte Técnico',
  cptn: 'Capacitacion',
  trmt: 'Trámites',
  admi: 'Administrativo',
};

export const ticketSubjectLabel = (subject: string): string =>
  (TICKET_SUBJECTS as readonly string[]).includes(subject) ? TICKET_SUBJECT_LABELS[subject as TicketSubject] : subject;

/** react-admin SelectInput choices. */
export const TICKET_STATE_CHOICES = TICKET_STATES.map((id) => ({ id, name: TICKET_STATE_LABELS[id] }));
export const TICKET_SUBJECT_CHOICES = TICKET_SUBJECTS.map((id) => ({ id, name: TICKET_SUBJECT_LABELS[id] }));

/** Ticket phone: 7 to 10 characters; digits, spaces, +, -, parentheses. */
export const TICKET_PHONE_PATTERN = '^[0-9+() -]{7,10}$';
/** Ticket RUC/cédula: 10 to 13 characters, digits only. */
export const TICKET_RUC_PATTERN = '^[0-9]{10,13}$';

/** Messages of the ticket form and the support desk that are ours (the catalogue's texts are in messages.ts). */
export const TICKET_MSG = {
  rucLength: 'El RUC o cédula debe tener de 10 a 13 dígitos',
  phoneLength: 'El teléfono debe tener de 7 a 10 caracteres',
  subjectInvalid: 'Seleccione un asunto válido',
  productNotFound: 'El producto seleccionado no existe o no está disponible',
  messageTooLong: 'El mensaje es demasiado largo',
  ticketNotFound: (id: number) => `No existe el ticket #${id}`,
  invalidTransition: (from: string, to: string) =>
    `No se puede cambiar el estado del ticket de ${ticketStateLabel(from)} a ${ticketStateLabel(to)}`,
  stateInvalid: 'Seleccione un estado válido',
  closedReply: 'El ticket está cerrado. Reábralo antes de responder.',
  closedNote: 'Este ticket está cerrado. Reábralo para responder.',
  unknownAdviser: 'Asesor',
  adviserNotFound: 'El asesor seleccionado no existe o está inactivo',
  noClientFile: 'El ticket no tiene un archivo adjunto del cliente',
  noAdviserFile: 'El ticket no tiene un archivo adjunto del asesor',
  fileMissingOnDisk: 'El archivo ya no está disponible en el servidor',
  mailSent: 'Se envió la confirmación a su correo',
  mailAlreadySent: 'La confirmación de este ticket ya fue enviada',
  fileSaved: 'Archivo adjuntado al ticket',
  ticketDeleted: (id: number) => `Se eliminó el ticket #${id}`,
  productNameTaken: (name: string) => `Ya existe un producto con el nombre ${name}`,
  productNotFound404: 'No existe ese producto',
} as const;
