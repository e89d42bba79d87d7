import { Type, type Static } from 'typebox';
import { Nullable, text } from './esquemas';
import { ESTADOS_COMPROBACION, ESTADOS_VIGENCIA, type EstadoVigencia } from '../empresas';

const Vigencia = Type.Unsafe<EstadoVigencia>({
  type: 'string',
  enum: [...ESTADOS_VIGENCIA],
  description: 'vigente, por_vencer (vence en 30 días o menos), vencido o sin (nunca tuvo)',
});

/** One row of the company list, the searches and the paged call: what the list shows, no secrets. */
export const EmpresaFila = Type.Object({
  EMP_CODIGO: Type.Integer(),
  EMP_RUC: Type.String(),
  EMP_NOMBREC: Type.String(),
  EMP_NOMBRE: Type.String(),
  EMP_CORREO: Type.String(),
  EMP_TELEFONO: Nullable(Type.String()),
  EMP_ACTIVO: Type.Boolean(),
  EMP_COMPROBACION: Type.String({ description: ESTADOS_COMPROBACION.join(', ') }),
  EMP_DISTRIBUIDOR: Nullable(Type.Integer()),
  DISTRIBUIDOR_NOMBRE: Nullable(Type.String()),
  EMP_FECHAREGISTRO: Type.String({ description: 'Fecha y hora ISO 8601' }),
  EMP_PLAN_CADUCA: Nullable(Type.String({ description: 'YYYY-MM-DD' })),
  EMP_FIRMA_CADUCA: Nullable(Type.String({ description: 'YYYY-MM-DD' })),
  planEstado: Vigencia,
  firmaEstado: Vigencia,
});
export type EmpresaFila = Static<typeof EmpresaFila>;

export const PAGINA_EMPRESAS = 20;

export const PaginacionQuery = Type.Object({
  page: Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1, errorMessage: 'El parámetro page debe ser un entero desde 1' }),
  filtro: Type.Boolean({ default: false, errorMessage: 'El parámetro filtro debe ser true o false' }),
});

export const PaginacionEmpresas = Type.Object({
  empresas: Type.Array(EmpresaFila),
  total: Type.Integer({ description: 'Empresas que cumplen; pasado 10 000 es una estimación (totalEstimado)' }),
  totalEstimado: Type.Boolean(),
  pagina: Type.Integer(),
  paginas: Type.Integer(),
  porPagina: Type.Integer(),
});
export type PaginacionEmpresas = Static<typeof PaginacionEmpresas>;

export const NombreBody = Type.Object({ nombre: text(100, { errorMessage: 'El campo nombre es obligatorio (hasta 100 caracteres)' }) });
export const TerminoParam = Type.Object({ term: text(100, { errorMessage: 'Ingrese un RUC o un nombre (hasta 100 caracteres)' }) });

export const ResumenEmpresas = Type.Object({
  total: Type.Integer(),
  activas: Type.Integer(),
  suspendidas: Type.Integer(),
  porComprobacion: Type.Record(Type.String(), Type.Integer(), { description: 'Empresas por estado de verificación' }),
});
export type ResumenEmpresas = Static<typeof ResumenEmpresas>;

export const ACCIONES_LOTE = ['activar', 'suspender', 'distribuidor'] as const;
export type AccionLote = (typeof ACCIONES_LOTE)[number];
export const MAX_LOTE = 500;

export const LoteBody = Type.Object({
  ids: Type.Array(Type.Integer({ minimum: 1, maximum: 2147483647 }), {
    minItems: 1,
    maxItems: MAX_LOTE,
    errorMessage: `El campo ids debe ser una lista de 1 a ${MAX_LOTE} códigos de empresa`,
  }),
  accion: Type.Unsafe<AccionLote>({ type: 'string', enum: [...ACCIONES_LOTE] }),
  distribuidor: Type.Optional(
    Nullable(Type.Integer({ minimum: 1, maximum: 2147483647, errorMessage: 'El campo distribuidor debe ser un código o null' })),
  ),
});
export type LoteBody = Static<typeof LoteBody>;

export const LoteResultado = Type.Object({ cambiadas: Type.Integer(), msg: Type.String() });
export type LoteResultado = Static<typeof LoteResultado>;

export const Distribuidor = Type.Object({ ADM_CODIGO: Type.Integer(), ADM_NOMBRE: Type.String(), ADM_ACTIVO: Type.Boolean() });
export type Distribuidor = Static<typeof Distribuidor>;
