import { Type, type Static } from '@fastify/type-provider-typebox';
import { IMPORTACION_CLIENTES } from '../../../domain/clientes';
import { ErrorImportacion } from '../../../domain/contratos/terceros';

export const ResultadoImportacion = Type.Object({
  total: Type.Integer({ description: 'Filas de datos leídas (sin la cabecera ni las líneas vacías)' }),
  creados: Type.Integer(),
  actualizados: Type.Integer({ description: 'Clientes que ya existían con esa identificación y se actualizaron' }),
  advertencias: Type.Integer({
    description:
      'Filas guardadas cuya cédula o RUC no pasa el dígito verificador (se aceptan, como en el formulario al aceptar la advertencia)',
  }),
  errores: Type.Array(ErrorImportacion, { description: `Las filas no guardadas, como máximo ${IMPORTACION_CLIENTES.maxErrores}` }),
  erroresOmitidos: Type.Integer({ description: 'Filas con error que no caben en la lista' }),
});
export type ResultadoImportacion = Static<typeof ResultadoImportacion>;

export { PlantillaQuery } from '../../infra/importacion/plantilla';

import { FORMATOS_REPORTE, type FormatoReporte } from '../../../domain/contratos/reportes';
export { FORMATOS_REPORTE, type FormatoReporte };
export const ReporteQuery = Type.Object({
  formato: Type.Unsafe<FormatoReporte>({ type: 'string', enum: [...FORMATOS_REPORTE], errorMessage: 'El formato debe ser xlsx o pdf' }),
  filter: Type.Optional(Type.String({ maxLength: 2000 })),
  sort: Type.Optional(Type.String({ maxLength: 100 })),
});
export type ReporteQuery = Static<typeof ReporteQuery>;
