import { Type, type Static } from '@fastify/type-provider-typebox';
import { Email, multiline, Nullable, text } from '../../core/schemas';
import { CLIENTE_LIMITES, ENVIO_CLIENTE } from '../../../domain/clientes';

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });

export const EnviarBody = Type.Object(
  {
    CLI_CODIGO: Id,
    asunto: text(ENVIO_CLIENTE.asunto),
    mensaje: text(ENVIO_CLIENTE.mensajeCorreo, multiline),
    correos: Type.Optional(
      Type.Array(Email, {
        maxItems: CLIENTE_LIMITES.correos,
        description: 'Solo algunos de los correos del cliente; sin esta lista (o vacía) se envía a todos ellos',
      }),
    ),
    documentos: Type.Optional(
      Type.Array(Id, {
        maxItems: ENVIO_CLIENTE.maxAdjuntos,
        description: `CDO_ID de documentos del cliente, adjuntos al correo (juntos hasta ${ENVIO_CLIENTE.maxAdjuntosBytes} bytes)`,
      }),
    ),
  },
  { additionalProperties: false },
);
export type EnviarBody = Static<typeof EnviarBody>;

export const EnviarWSBody = Type.Object(
  {
    CLI_CODIGO: Id,
    mensaje: text(ENVIO_CLIENTE.mensajeWhatsApp, multiline),
    telefono: Type.Optional(text(30, { description: 'Uno de los teléfonos del cliente; sin él, el primero' })),
  },
  { additionalProperties: false },
);
export type EnviarWSBody = Static<typeof EnviarWSBody>;

/** One sending recorded on a client. */
export const Envio = Type.Object({
  CEN_ID: Type.Integer(),
  CEN_CANAL: Type.Union([Type.Literal('correo'), Type.Literal('whatsapp')]),
  CEN_DESTINO: Type.String({ description: 'Correos separados por comas, o el número de WhatsApp con el código de país' }),
  CEN_ASUNTO: Nullable(Type.String()),
  CEN_RESULTADO: Type.Union([Type.Literal('enviado'), Type.Literal('error'), Type.Literal('enlace')], {
    description: 'enviado; error (con el motivo en CEN_DETALLE); enlace: se preparó un enlace wa.me para que el usuario lo envíe',
  }),
  CEN_DETALLE: Nullable(Type.String()),
  CEN_FECHA: Type.String({ format: 'date-time' }),
  usuario: Nullable(Type.String({ description: 'Quién lo envió (nombre o usuario)' })),
});
export type Envio = Static<typeof Envio>;

export const EnvioRespuesta = Type.Object({
  msg: Type.String(),
  envio: Envio,
  enlace: Type.Optional(
    Type.String({ description: 'https://wa.me/<número>?text=<mensaje>, cuando la API de WhatsApp no está configurada' }),
  ),
});
export type EnvioRespuesta = Static<typeof EnvioRespuesta>;
