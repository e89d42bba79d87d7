import type { Banderas, TipoIdentificacion } from '../../domain/clientes';

/**
 * The clients book's records as the API contract of issue 12 gives them (brief12.md): the screens read these shapes
 * and send these bodies.
 */
export type Cliente = {
  CLI_CODIGO: number;
  CLI_TIPO_IDENTIFICACION: TipoIdentificacion;
  CLI_IDENTIFICACION: string;
  CLI_RAZON_SOCIAL: string;
  CLI_NOMBRE_COMERCIAL: string | null;
  CLI_CORREOS: string[];
  CLI_TELEFONOS: string[];
  CLI_DIRECCION: string | null;
  TCL_CODIGO: number | null;
  GCL_CODIGO: number | null;
  TJU_CODIGO: number | null;
  CLI_VENDEDOR: number | null;
  vendedor: string | null;
  CLI_DIAS_CREDITO: number;
  CLI_LIMITE_CREDITO: string;
  CLI_ACTIVO: boolean;
  CLI_OBSERVACION: string | null;
  CLI_CONSUMIDOR_FINAL: boolean;
  CLI_BANDERAS: Banderas | null;
  CLI_CREADO: string;
  CLI_ACTUALIZADO: string;
};

/** POST /api/clientes and PUT /api/clientes/:id. */
export type ClienteDatos = Omit<
  Cliente,
  'CLI_CODIGO' | 'vendedor' | 'CLI_CONSUMIDOR_FINAL' | 'CLI_BANDERAS' | 'CLI_CREADO' | 'CLI_ACTUALIZADO'
> & {
  aceptarAdvertencia: boolean;
};

export type TipoCliente = { TCL_CODIGO: number; TCL_NOMBRE: string };
export type GrupoCliente = { GCL_CODIGO: number; GCL_NOMBRE: string };
export type TipoJuridico = { TJU_CODIGO: number; TJU_NOMBRE: string };
export type Vendedor = { USU_CODIGO: number; nombre: string };

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

export type TotalClientes = { total: number; activos: number };

export type LoteAccion = 'asignarVendedor' | 'desactivar' | 'activar';

/** A react-admin record read as a client. */
export const cliente = (record: unknown) => record as Cliente;
