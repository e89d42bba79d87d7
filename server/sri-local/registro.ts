import type { AutorizacionProgramada, EstadisticasSriLocal, EstadoClave } from './tipos';

/**
 * The local SRI's memory: the documents it received (RECIBIDA), what it was told to answer for some keys, and the
 * counters the tests read. Nothing is persisted: a restart forgets everything, as a fresh test environment should.
 *
 * A received key's state follows the clock: RECIBIDA (its authorization answers EN PROCESO) until the delay has
 * passed since its reception, AUTORIZADO from then on, and that moment is kept, so that a later change of the delay
 * never takes an authorization back. A programmed key's state is the winner of its programmed entries.
 */

export type Recibido = {
  clave: string;
  /** The signed XML exactly as it was decoded from the request. */
  xml: string;
  recibida: Date;
  /** Set the first time the key is seen AUTORIZADO: recibida + the delay in force then. */
  autorizada?: Date;
};

/** RUC + codDoc + estab + ptoEmi + secuencial: what two keys of the same document share. */
export const documentoDe = (p: { ruc: string; codDoc: string; estab: string; ptoEmi: string; secuencial: string }) =>
  `${p.ruc}|${p.codDoc}|${p.estab}|${p.ptoEmi}|${p.secuencial}`;

export class Registro {
  recepcion = 0;
  autorizacion = 0;
  readonly recibidos = new Map<string, Recibido>();
  readonly programadas = new Map<string, AutorizacionProgramada[]>();
  /** Reception requests per key, DEVUELTA ones included (the key as the document wrote it). */
  private readonly intentos = new Map<string, number>();
  /** Keys received per document (documentoDe). */
  private readonly porDocumento = new Map<string, Set<string>>();

  constructor(
    public demoraMs: number,
    readonly ahora: () => Date,
  ) {}

  contarIntento(clave: string): void {
    this.intentos.set(clave, (this.intentos.get(clave) ?? 0) + 1);
  }

  registrar(clave: string, documento: string, xml: string): void {
    this.recibidos.set(clave, { clave, xml, recibida: this.ahora() });
    let claves = this.porDocumento.get(documento);
    if (!claves) this.porDocumento.set(documento, (claves = new Set()));
    claves.add(clave);
  }

  /** The state of a received key now (undefined: never received). */
  estado(clave: string): EstadoClave | undefined {
    const recibido = this.recibidos.get(clave);
    if (!recibido) return undefined;
    const programadas = this.programadas.get(clave);
    if (programadas) return ganador(programadas);
    if (recibido.autorizada) return 'AUTORIZADO';
    const cuando = recibido.recibida.getTime() + this.demoraMs;
    if (this.ahora().getTime() < cuando) return 'RECIBIDA';
    recibido.autorizada = new Date(cuando);
    return 'AUTORIZADO';
  }

  /** Another key of the same document that is already AUTORIZADO, if any. */
  autorizadaDelDocumento(documento: string, clave: string): string | undefined {
    for (const otra of this.porDocumento.get(documento) ?? []) {
      if (otra !== clave && this.estado(otra) === 'AUTORIZADO') return otra;
    }
    return undefined;
  }

  estadisticas(): EstadisticasSriLocal {
    const claves: EstadisticasSriLocal['claves'] = {};
    for (const clave of this.recibidos.keys()) {
      claves[clave] = { recepciones: this.intentos.get(clave) ?? 0, estado: this.estado(clave)! };
    }
    return { recepcion: this.recepcion, autorizacion: this.autorizacion, claves };
  }
}

/** AUTORIZADO if any entry is, else NO AUTORIZADO if any is, else the key is still RECIBIDA (in process). */
export function ganador(entradas: AutorizacionProgramada[]): EstadoClave {
  if (entradas.some((e) => e.estado === 'AUTORIZADO')) return 'AUTORIZADO';
  if (entradas.some((e) => e.estado === 'NO AUTORIZADO')) return 'NO AUTORIZADO';
  return 'RECIBIDA';
}
