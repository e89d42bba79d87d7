import type { Banderas } from '../../../domain/clientes';
import type { AccionLote, Cliente, GrupoCliente, TipoCliente, TipoJuridico, Vendedor } from '../../../domain/contratos/clientes';

/**
 * The clients book's records are the API contract's (domain/contratos/clientes.ts): the screens read these shapes and
 * send these bodies.
 */
export type { Cliente, GrupoCliente, TipoCliente, TipoJuridico, Vendedor };

/** POST /api/clientes and PUT /api/clientes/:id. */
export type ClienteDatos = Omit<
  Cliente,
  'CLI_CODIGO' | 'vendedor' | 'CLI_CONSUMIDOR_FINAL' | 'CLI_BANDERAS' | 'CLI_CREADO' | 'CLI_ACTUALIZADO'
> & {
  aceptarAdvertencia: boolean;
};

/** GET /api/clientes/apiRuc/:ruc and apiCedula/:id. */
export type Consulta = {
  fuente: 'clientes' | 'servicio1' | 'servicio2' | 'cedula';
  cliente: Pick<
    Cliente,
    | 'CLI_TIPO_IDENTIFICACION'
    | 'CLI_IDENTIFICACION'
    | 'CLI_RAZON_SOCIAL'
    | 'CLI_NOMBRE_COMERCIAL'
    | 'CLI_CORREOS'
    | 'CLI_TELEFONOS'
    | 'CLI_DIRECCION'
  >;
  existente?: number;
};

export type BanderasConsulta = { banderas: Banderas; noDisponibles: string[] };

export type DocumentoCliente = {
  CDO_ID: number;
  CDO_NOMBRE: string;
  CDO_TIPO: string;
  CDO_BYTES: number;
  CDO_FECHA: string;
  usuario: string | null;
};

export type EnvioCliente = {
  CEN_ID: number;
  CEN_CANAL: string;
  CEN_DESTINO: string;
  CEN_ASUNTO: string | null;
  CEN_RESULTADO: string;
  CEN_DETALLE: string | null;
  CEN_FECHA: string;
  usuario: string | null;
};

export type EnvioRespuesta = { msg: string; enlace?: string };

export type ImportResultado = {
  total: number;
  creados: number;
  actualizados: number;
  errores: Array<{ linea: number; identificacion: string; motivo: string }>;
  /** Saved rows whose cédula or RUC fails the check digit (accepted, as the form does once the warning is accepted). */
  advertencias?: number;
  /** Rejected rows past the ones listed in `errores`. */
  erroresOmitidos?: number;
};

export type LoteAccion = AccionLote;

/** A react-admin record read as a client. */
export const cliente = (record: unknown) => record as Cliente;
