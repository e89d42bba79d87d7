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
  hour12: false,
});
/** "15/03/2026 10:32" in Ecuador's time, whatever the machine's zone (reports, the screens' dates and times). */
export const fechaHoraEcuador = (fecha: Date) => ecuadorDateTime.format(fecha).replace(',', '');

/**
 * The day of an instant in Ecuador (mainland, UTC-5 all year), YYYY-MM-DD: a certificate that expires at 00:40 UTC
 * on the 3rd stops working at 19:40 on the 2nd here, and "today" is counted here too.
 */
export const diaEcuador = (instante: Date) => ecuadorDay.format(instante);

/** Today in Ecuador, YYYY-MM-DD. */
export const hoyEcuador = (now = new Date()) => diaEcuador(now);

const DAY_MS = 86_400_000;
const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** The day `days` after (or before, when negative) a YYYY-MM-DD day. */
export const sumarDias = (day: string, days: number) => new Date(dayMs(day) + days * DAY_MS).toISOString().slice(0, 10);

/** A YYYY-MM-DD day as people write it here: 15/03/2026 (screens and reports). */
export const fechaCorta = (dia: string) => `${dia.slice(8, 10)}/${dia.slice(5, 7)}/${dia.slice(0, 4)}`;

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const diasEntre = (from: string, to: string) => Math.round((dayMs(to) - dayMs(from)) / DAY_MS);

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar day written YYYY-MM-DD (2026-02-30 is not). */
export const esDia = (text: string) => DAY.test(text) && !Number.isNaN(dayMs(text)) && sumarDias(text, 0) === text;
