import { Type, type Static } from '@fastify/type-provider-typebox';
import { Nullable } from '../../core/schemas';

export const RucParam = Type.Object({
  ruc: Type.String({ pattern: '^[0-9]{13}$', errorMessage: 'El RUC debe tener 13 dígitos numéricos', description: 'RUC de 13 dígitos' }),
});
export const CedulaParam = Type.Object({
  id: Type.String({
    pattern: '^[0-9]{10}$',
    errorMessage: 'La cédula debe tener 10 dígitos numéricos',
    description: 'Cédula de 10 dígitos',
  }),
});

/** What a lookup found, with the client form's field names: the form fills itself from it. */
export const ClienteConsultado = Type.Object({
  CLI_TIPO_IDENTIFICACION: Type.String({ description: '04 RUC, 05 cédula (o el tipo del cliente ya registrado)' }),
  CLI_IDENTIFICACION: Type.String(),
  CLI_RAZON_SOCIAL: Type.String(),
  CLI_NOMBRE_COMERCIAL: Nullable(Type.String()),
  CLI_CORREOS: Type.Array(Type.String()),
  CLI_TELEFONOS: Type.Array(Type.String()),
  CLI_DIRECCION: Nullable(Type.String()),
});
export type ClienteConsultado = Static<typeof ClienteConsultado>;

export type FuenteConsulta = 'clientes' | 'cedula' | `servicio${number}`;

export const ConsultaCliente = Type.Object({
  fuente: Type.Unsafe<FuenteConsulta>(
    Type.String({
      pattern: '^(clientes|cedula|servicio[0-9]+)$',
      description:
        'clientes: un cliente de la empresa; servicio1, servicio2…: el servicio de RUC que respondió, en el orden configurado; cedula: el servicio de cédulas',
    }),
  ),
  cliente: ClienteConsultado,
  existente: Type.Optional(
    Type.Integer({ description: 'CLI_CODIGO del cliente ya registrado con esa identificación, cuando quien consulta puede verlo' }),
  ),
});
export type ConsultaCliente = Static<typeof ConsultaCliente>;

/** 404 of a lookup: the dialog "Atencion / Cliente no encontrado, Llenar los datos". */
export const NoEncontrado = Type.Object({ msg: Type.String(), titulo: Type.Optional(Type.String()), code: Type.Optional(Type.String()) });

export const Catastro = Type.Object({
  estado: Type.Optional(Nullable(Type.String({ description: 'Estado del RUC: ACTIVO, SUSPENDIDO, PASIVO…' }))),
  actividad: Type.Optional(Nullable(Type.String({ description: 'Actividad económica principal' }))),
  inicioActividades: Type.Optional(Nullable(Type.String({ description: 'Fecha de inicio de actividades (AAAA-MM-DD)' }))),
});

/** CLI_BANDERAS (type Banderas of domain/clientes.ts). */
export const BanderasSchema = Type.Object({
  fantasma: Type.Optional(Type.Boolean({ description: 'Empresa fantasma o con transacciones inexistentes' })),
  especial: Type.Optional(Type.Boolean({ description: 'Contribuyente especial' })),
  agenteRetencion: Type.Optional(Type.Boolean({ description: 'Agente de retención' })),
  rimpe: Type.Optional(Type.Boolean({ description: 'Régimen RIMPE' })),
  catastro: Type.Optional(Nullable(Catastro)),
  consultado: Type.Optional(Type.String({ description: 'Fecha y hora de la última consulta (ISO)' })),
});

export const ResultadoBanderas = Type.Object({
  banderas: BanderasSchema,
  noDisponibles: Type.Array(Type.String({ enum: ['fantasma', 'especial', 'agenteRetencion', 'rimpe', 'catastro'] }), {
    description: 'Consultas cuyo servicio no respondió o no está configurado: conservan el valor anterior',
  }),
});
export type ResultadoBanderas = Static<typeof ResultadoBanderas>;
