import { Type, type Static } from '@fastify/type-provider-typebox';
import { Nullable } from '../../core/schemas';
import { DOCUMENTO_CLIENTE, IMAGEN_CLIENTE } from '../../../domain/clientes';

/** ?cliente=CLI_CODIGO: the client whose documents are listed or receive the upload. */
export const ClienteQuery = Type.Object({
  cliente: Type.Integer({ minimum: 1, maximum: 2147483647, description: 'CLI_CODIGO del cliente' }),
});

/** One file kept on a client. */
export const DocumentoCliente = Type.Object({
  CDO_ID: Type.Integer(),
  CDO_NOMBRE: Type.String({ description: 'Nombre original del archivo' }),
  CDO_TIPO: Type.String({ description: 'Tipo MIME, según el contenido del archivo' }),
  CDO_BYTES: Type.Integer(),
  CDO_FECHA: Type.String({ format: 'date-time' }),
  usuario: Nullable(Type.String({ description: 'Quién lo subió (nombre o usuario)' })),
});
export type DocumentoCliente = Static<typeof DocumentoCliente>;

export const UPLOAD_DESCRIPTION =
  `Multipart con el archivo en el campo current, de hasta ${DOCUMENTO_CLIENTE.maxBytes} bytes (15 MB; más: 413). ` +
  `Se aceptan ${DOCUMENTO_CLIENTE.extensions.join(', ')}; el tipo se comprueba por el contenido del archivo (sus primeros bytes), ` +
  'no solo por la extensión: un archivo de otro tipo con un nombre aceptado responde 400. El archivo se guarda mientras llega, sin ' +
  'tenerlo entero en memoria. Un cliente de otra empresa (o de otro vendedor, para un vendedor) responde 404.';

export const IMAGE_DESCRIPTION = `Como POST /api/clientes/documentos, pero solo imágenes (${IMAGEN_CLIENTE.extensions.join(', ')}), de hasta ${IMAGEN_CLIENTE.maxBytes} bytes.`;
