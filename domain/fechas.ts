/** Calendar days as the API writes them (YYYY-MM-DD), counted in Ecuador: plans and signatures change at local midnight. */

/** Built once: a DateTimeFormat costs far more to create than to use. en-CA writes YYYY-MM-DD. */
const ecuadorDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Guayaquil' });

const ecuadorDateTime = new Intl.DateTimeFormat('es-EC', {
  timeZone: 'America/Guayaquil',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
/** "15/03/2026 10:32" in Ecuador's time, whatever the machine's zone (the server's reports; screens use formatDateTime). */
export const fechaHoraEcuador = (fecha: Date) => ecuadorDateTime.format(fecha).replace(',', '');

/**
 * The day of an instant in Ecuador (mainland, UTC-5 all year), YYYY-MM-DD: a certificate that expires at 00:40 UTC
 * on the 3rd stops working at 19:40 on the 2nd here, and "today" is counted here too.
 */
export const diaEcuador = (instante: Date) => ecuadorDay.format(instante);

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const ecuadorTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'America/Guayaquil',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/**
 * A date as every screen shows it (the product spec): YYYY-MM-DD. A YYYY-MM-DD day is shown as it is; a moment
 * (ISO text or Date) by its day in Ecuador. The SRI's documents and their RIDE keep the SRI's dd/mm/aaaa.
 */
export const formatDate = (value: Date | string) => (typeof value === 'string' && DAY.test(value) ? value : diaEcuador(new Date(value)));

/** A moment as every screen shows it: YYYY-MM-DD HH:mm in Ecuador's time, whatever the browser's zone. */
export function formatDateTime(value: Date | string): string {
  const instante = new Date(value);
  return `${diaEcuador(instante)} ${ecuadorTime.format(instante)}`;
}

/** Today in Ecuador, YYYY-MM-DD. */
export const hoyEcuador = (now = new Date()) => diaEcuador(now);

const DAY_MS = 86_400_000;
const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** The day `days` after (or before, when negative) a YYYY-MM-DD day. */
export const sumarDias = (day: string, days: number) => new Date(dayMs(day) + days * DAY_MS).toISOString().slice(0, 10);

/** A YYYY-MM-DD day as the server's reports write it: 15/03/2026 (screens show YYYY-MM-DD: formatDate). */
export const fechaCorta = (dia: string) => `${dia.slice(8, 10)}/${dia.slice(5, 7)}/${dia.slice(0, 4)}`;

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const diasEntre = (from: string, to: string) => Math.round((dayMs(to) - dayMs(from)) / DAY_MS);

/** A real calendar day written YYYY-MM-DD (2026-02-30 is not). */
export const esDia = (text: string) => DAY.test(text) && !Number.isNaN(dayMs(text)) && sumarDias(text, 0) === text;
