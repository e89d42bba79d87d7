/** The local SRI's public types (re-exported by index.ts, which the lead's code and tests import). */

export type ModoSriLocal = 'normal' | 'caido' | 'lento' | 'error500' | 'basura';

export type MensajeSriLocal = {
  identificador: string;
  mensaje: string;
  informacionAdicional?: string;
  tipo: 'ERROR' | 'ADVERTENCIA' | 'INFORMATIVO';
};

export type AutorizacionProgramada = {
  estado: 'AUTORIZADO' | 'NO AUTORIZADO' | 'EN PROCESO';
  mensajes?: MensajeSriLocal[];
  fechaAutorizacion?: Date;
};

export type OpcionesSriLocal = {
  /** 0 (default): any free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** EN PROCESO this long after RECIBIDA, then AUTORIZADO (default 0). */
  demoraAutorizacionMs?: number;
  /**
   * Every answer (WSDLs and faults included) leaves this long after its request was read (default 0): a remote SRI's
   * round trip, so that a client's documents in flight, not its CPU, bound its throughput.
   */
  latenciaMs?: number;
  /** Default 129600 (the SRI's). */
  toleranciaMinutos?: number;
  /** Default () => new Date(). */
  ahora?: () => Date;
};

export type EstadoClave = 'RECIBIDA' | 'AUTORIZADO' | 'NO AUTORIZADO';

export type EstadisticasSriLocal = {
  recepcion: number;
  autorizacion: number;
  claves: Record<string, { recepciones: number; estado: EstadoClave }>;
};

export type SriLocal = {
  /**
   * Base URL: `http://127.0.0.1:<port>/comprobantes-electronicos-ws`; the services are `${url}/RecepcionComprobantesOffline`
   * and `${url}/AutorizacionComprobantesOffline` (both also answer `?wsdl`).
   */
  url: string;
  /**
   * Fault mode for the next `veces` calls (default: until changed). 'caido': the socket is destroyed without an answer;
   * 'lento': the call is processed at once but its answer leaves after `demoraMs` (default 30000); 'error500': HTTP 500
   * with a SOAP Fault; 'basura': HTTP 200 whose body is not XML, or is truncated XML (alternately). After `veces`
   * calls it goes back to 'normal'. `servicio` limits it to one service.
   */
  modo(modo: ModoSriLocal, opciones?: { veces?: number; demoraMs?: number; servicio?: 'recepcion' | 'autorizacion' }): void;
  /**
   * From now on, authorization of this key answers these entries (in this order, in one answer) instead of the normal
   * behaviour. An empty list: the SRI says nothing about the key (numeroComprobantes 0), and a reception of it again
   * answers 70 CLAVE DE ACCESO EN PROCESAMIENTO once it was received.
   */
  programar(claveAcceso: string, autorizaciones: AutorizacionProgramada[]): void;
  /** Change the authorization delay at run time. */
  demora(ms: number): void;
  /** Calls per service, and for each key received (RECIBIDA at least once) how many receptions named it and its state. */
  estadisticas(): EstadisticasSriLocal;
  close(): Promise<void>;
};
