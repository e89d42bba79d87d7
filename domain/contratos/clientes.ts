import { Type, type Static } from 'typebox';
import { multiline, Nullable, text } from './esquemas';
import { CLIENTE_LIMITES, CLIENTE_MSG, TIPOS_IDENTIFICACION } from '../clientes';
import {
  AceptarAdvertencia,
  BanderasSchema,
  contactoEsquemas,
  IdentificacionEsquema,
  TipoIdentificacionEsquema,
  textoTipos,
} from './terceros';

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });
const NullableId = (errorMessage: string, description: string) =>
  Nullable(Type.Integer({ minimum: 1, maximum: 2147483647, errorMessage, description }));

const TIPOS_TEXTO = textoTipos(TIPOS_IDENTIFICACION);
const contacto = contactoEsquemas(CLIENTE_LIMITES, CLIENTE_MSG);

/** A client as every call answers it (GET /api/clientes/{id}, the list's rows, create and edit). */
export const Cliente = Type.Object({
  CLI_CODIGO: Type.Integer(),
  CLI_TIPO_IDENTIFICACION: Type.String({ description: TIPOS_TEXTO }),
  CLI_IDENTIFICACION: Type.String(),
  CLI_RAZON_SOCIAL: Type.String(),
  CLI_NOMBRE_COMERCIAL: Nullable(Type.String()),
  CLI_CORREOS: Type.Array(Type.String()),
  CLI_TELEFONOS: Type.Array(Type.String()),
  CLI_DIRECCION: Nullable(Type.String()),
  TCL_CODIGO: Nullable(Type.Integer()),
  GCL_CODIGO: Nullable(Type.Integer()),
  TJU_CODIGO: Nullable(Type.Integer()),
  CLI_VENDEDOR: Nullable(Type.Integer({ description: 'USU_CODIGO del vendedor asignado' })),
  vendedor: Nullable(Type.String({ description: 'Nombre del vendedor (USU_NOMBRE, o su usuario)' })),
  CLI_DIAS_CREDITO: Type.Integer(),
  CLI_LIMITE_CREDITO: Type.String({ description: 'Valor en dólares con dos decimales, p. ej. "0.00"' }),
  CLI_ACTIVO: Type.Boolean(),
  CLI_OBSERVACION: Nullable(Type.String()),
  CLI_CONSUMIDOR_FINAL: Type.Boolean(),
  CLI_BANDERAS: Nullable(BanderasSchema),
  CLI_CREADO: Type.String({ description: 'Fecha y hora ISO 8601' }),
  CLI_ACTUALIZADO: Type.String({ description: 'Fecha y hora ISO 8601' }),
});
export type Cliente = Static<typeof Cliente>;

/** Creating or editing a client. On PUT a field left out keeps its value; null empties it. */
export const ClienteDatos = Type.Object({
  CLI_TIPO_IDENTIFICACION: TipoIdentificacionEsquema(TIPOS_IDENTIFICACION, CLIENTE_MSG.tipoIdentificacion),
  CLI_IDENTIFICACION: IdentificacionEsquema(CLIENTE_LIMITES.identificacion),
  CLI_RAZON_SOCIAL: Type.String({ maxLength: CLIENTE_LIMITES.razonSocial }),
  CLI_NOMBRE_COMERCIAL: Type.Optional(Nullable(Type.String({ maxLength: CLIENTE_LIMITES.nombreComercial }))),
  CLI_CORREOS: contacto.correos,
  CLI_TELEFONOS: contacto.telefonos,
  CLI_DIRECCION: Type.Optional(Nullable(Type.String({ maxLength: CLIENTE_LIMITES.direccion }))),
  TCL_CODIGO: Type.Optional(NullableId(CLIENTE_MSG.tipoInvalido, 'Tipo de cliente (GET /api/tipoClientes)')),
  GCL_CODIGO: Type.Optional(NullableId(CLIENTE_MSG.grupoInvalido, 'Grupo de la empresa (GET /api/grupoClientes)')),
  TJU_CODIGO: Type.Optional(NullableId(CLIENTE_MSG.tipoJuridicoInvalido, 'Tipo jurídico (GET /api/tipJuridica/{tipo})')),
  CLI_VENDEDOR: Type.Optional(
    NullableId(CLIENTE_MSG.vendedorInvalido, 'USU_CODIGO de un usuario activo de la empresa (GET /api/clientes/vendedores)'),
  ),
  CLI_DIAS_CREDITO: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: CLIENTE_LIMITES.diasCredito,
      errorMessage: `Los días de crédito deben ser un entero entre 0 y ${CLIENTE_LIMITES.diasCredito}`,
    }),
  ),
  CLI_LIMITE_CREDITO: Type.Optional(
    Type.Union(
      [
        Type.Number({ minimum: 0, maximum: CLIENTE_LIMITES.limiteCredito, errorMessage: CLIENTE_MSG.limiteCreditoInvalido }),
        Type.String({ pattern: '^[0-9]{1,9}([.][0-9]{1,2})?$', errorMessage: CLIENTE_MSG.limiteCreditoInvalido }),
      ],
      { errorMessage: CLIENTE_MSG.limiteCreditoInvalido, description: 'Número o texto con hasta dos decimales' },
    ),
  ),
  CLI_ACTIVO: Type.Optional(Type.Boolean()),
  CLI_OBSERVACION: Type.Optional(Nullable(Type.String({ maxLength: CLIENTE_LIMITES.observacion, ...multiline }))),
  aceptarAdvertencia: AceptarAdvertencia,
});
export type ClienteDatos = Static<typeof ClienteDatos>;

export const ClienteParam = Type.Object({ CLI_CODIGO: Id });

const Bool = (name: string) => Type.Boolean({ errorMessage: `El parámetro ${name} debe ser true o false` });

export const PaginacionQuery = Type.Object({
  page: Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1, errorMessage: 'El parámetro page debe ser un entero desde 1' }),
  tipoAsesor: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 2147483647, errorMessage: 'El parámetro tipoAsesor debe ser un código de usuario' }),
  ),
  mostrarTodos: Type.Optional(Bool('mostrarTodos')),
});
export type PaginacionQuery = Static<typeof PaginacionQuery>;

export const PaginacionClientes = Type.Object({
  data: Type.Array(Cliente),
  total: Type.Integer({ description: 'Clientes que cumplen; pasados 10 000, una estimación' }),
  page: Type.Integer(),
  porPagina: Type.Integer(),
});

export const MostrarTodosQuery = Type.Object({ mostrarTodos: Type.Optional(Bool('mostrarTodos')) });
export const NombreBody = Type.Object({
  nombre: text(100, { errorMessage: 'El campo nombre es obligatorio (hasta 100 caracteres)' }),
});

export const TotalClientes = Type.Object({ total: Type.Integer(), activos: Type.Integer() });
export type TotalClientes = Static<typeof TotalClientes>;

export const ACCIONES_LOTE = ['asignarVendedor', 'desactivar', 'activar'] as const;
export type AccionLote = (typeof ACCIONES_LOTE)[number];
export const MAX_LOTE = 500;

export const LoteBody = Type.Object({
  ids: Type.Array(Id, {
    minItems: 1,
    maxItems: MAX_LOTE,
    errorMessage: `El campo ids debe ser una lista de 1 a ${MAX_LOTE} códigos de cliente`,
  }),
  accion: Type.Unsafe<AccionLote>(
    Type.String({ enum: [...ACCIONES_LOTE], errorMessage: `El campo accion debe ser ${ACCIONES_LOTE.join(', ')}` }),
  ),
  CLI_VENDEDOR: Type.Optional(NullableId(CLIENTE_MSG.vendedorInvalido, 'Para asignarVendedor: el USU_CODIGO, o null para quitarlo')),
});
export type LoteBody = Static<typeof LoteBody>;

export const LoteResultado = Type.Object({ actualizados: Type.Integer() });

export const Vendedor = Type.Object({ USU_CODIGO: Type.Integer(), nombre: Type.String() });
export type Vendedor = Static<typeof Vendedor>;
export const TipoCliente = Type.Object({ TCL_CODIGO: Type.Integer(), TCL_NOMBRE: Type.String() });
export type TipoCliente = Static<typeof TipoCliente>;
export const GrupoCliente = Type.Object({ GCL_CODIGO: Type.Integer(), GCL_NOMBRE: Type.String() });
export type GrupoCliente = Static<typeof GrupoCliente>;
export const GrupoDatos = Type.Object({
  GCL_NOMBRE: Type.String({ maxLength: 60, errorMessage: 'El nombre del grupo admite hasta 60 caracteres' }),
});
export const TipoJuridico = Type.Object({ TJU_CODIGO: Type.Integer(), TJU_NOMBRE: Type.String() });
export type TipoJuridico = Static<typeof TipoJuridico>;
export const TipoIdentificacionParam = Type.Object({
  tipoIdentificacion: Type.String({
    enum: TIPOS_IDENTIFICACION.map((t) => t.id),
    description: TIPOS_TEXTO,
    errorMessage: CLIENTE_MSG.tipoIdentificacion,
  }),
});

export const Eliminado = Type.Object({ msg: Type.String() });
