import { Type, type Static } from 'typebox';
import { Nullable, text } from './esquemas';
import {
  ESTADOS_PLAN,
  PLAN_CLASES,
  PLAN_MSG,
  PLAN_TIPOS,
  type EstadoPlan as EstadoPlanType,
  type PlanClase,
  type PlanTipo,
} from '../planes';

/** A calendar day; the routes also refuse days that do not exist (2026-02-30) with the same message. */
const Day = (description: string) =>
  Type.String({
    pattern: '^\\d{4}-\\d{2}-\\d{2}$',
    description: `${description} (YYYY-MM-DD)`,
    errorMessage: PLAN_MSG.invalidDay,
  });
const Usd = (description: string) =>
  Type.String({
    pattern: '^\\d{1,5}(\\.\\d{1,2})?$',
    description: `${description}: USD con hasta 2 decimales, sin IVA`,
    errorMessage: 'El precio debe estar en dólares con hasta 2 decimales (por ejemplo 25.00).',
  });
// A union built from a list has no tuple type, so its static type would be never: Unsafe keeps the schema and names the type.
const Tipo = Type.Unsafe<PlanTipo>(
  Type.Union(
    PLAN_TIPOS.map((t) => Type.Literal(t)),
    { description: 'V ventas, C compras' },
  ),
);
const Clase = Type.Unsafe<PlanClase>(
  Type.Union(
    PLAN_CLASES.map((c) => Type.Literal(c)),
    { description: 'E comprobantes electrónicos, I autorización de imprenta, O Orel' },
  ),
);
const EstadoPlan = Type.Unsafe<EstadoPlanType>(Type.Union(ESTADOS_PLAN.map((e) => Type.Literal(e))));

/** A catalogue plan (GET /empresas/planes, /empresas/planes/{id}). */
export const Plan = Type.Object({
  PLAN_ID: Type.Integer(),
  PLAN_NOMBRE: Type.String(),
  PLAN_TIPO: Tipo,
  PLAN_CLASE: Clase,
  PLAN_COMPROBANTES: Type.Integer({ description: 'Comprobantes incluidos' }),
  PLAN_DIAS: Type.Integer({ description: 'Duración en días' }),
  PLAN_PRECIO: Type.String({ description: 'USD sin IVA, 2 decimales' }),
  PLAN_IVA: Type.String({ description: 'IVA del precio (15 %), 2 decimales' }),
  PLAN_TOTAL: Type.String({ description: 'Precio con IVA, 2 decimales' }),
  PLAN_DESCRIPCION: Nullable(Type.String()),
  PLAN_ACTIVO: Type.Boolean({ description: 'false: retirado, ya no se vende' }),
  vendidos: Type.Integer({ description: 'Veces que se vendió (un plan vendido se retira, no se elimina)' }),
});
export type Plan = Static<typeof Plan>;

/** Creating or editing a catalogue plan (administrators only). */
export const PlanCuerpo = Type.Object({
  PLAN_NOMBRE: text(120),
  PLAN_TIPO: Type.Optional(Tipo),
  PLAN_CLASE: Type.Optional(Clase),
  PLAN_COMPROBANTES: Type.Integer({ minimum: 1, maximum: 10_000_000 }),
  PLAN_DIAS: Type.Integer({ minimum: 1, maximum: 3660 }),
  PLAN_PRECIO: Usd('Precio'),
  PLAN_DESCRIPCION: Type.Optional(Nullable(Type.String({ maxLength: 300 }))),
  PLAN_ACTIVO: Type.Optional(Type.Boolean()),
});
export type PlanCuerpo = Static<typeof PlanCuerpo>;

/**
 * A plan sold to a company, of any class. `activarDescargaPlan` and `activarEditarPlan` are its printing-house flags
 * (domain/planes.ts); `estado` its chip today in Ecuador.
 */
export const PlanEmpresa = Type.Object({
  PLANEMPRESA_ID: Type.Integer(),
  EMP_CODIGO: Type.Integer(),
  EMP_RUC: Type.String(),
  EMP_NOMBRE: Type.String(),
  PLAN_ID: Type.Integer(),
  PLAN_NOMBRE: Type.String(),
  PLANEMPRESA_CLASE: Clase,
  PLANEMPRESA_TIPO: Tipo,
  PLANEMPRESA_INICIO: Day('Inicio'),
  PLANEMPRESA_CADUCA: Day('Último día'),
  PLANEMPRESA_COMPROBANTES: Type.Integer(),
  PLANEMPRESA_USADOS: Type.Integer(),
  PLANEMPRESA_PRECIO: Type.String({ description: 'USD sin IVA al momento de la venta' }),
  PLANEMPRESA_EXTENSION: Nullable(Type.String()),
  PLANEMPRESA_OBSERVACION: Nullable(Type.String()),
  PLANEMPRESA_FECHA: Type.String({ description: 'Fecha y hora de la venta (ISO)' }),
  PAG_CODIGO: Nullable(Type.Integer()),
  ADM_CODIGO: Nullable(Type.Integer()),
  VENDEDOR: Nullable(Type.String({ description: 'Nombre de quien lo vendió' })),
  estado: EstadoPlan,
  activarDescargaPlan: Type.Boolean(),
  activarEditarPlan: Type.Boolean(),
});
export type PlanEmpresa = Static<typeof PlanEmpresa>;

/** Selling a plan to a company (POST /empresas/planes; POST /empresas/planesOrel takes the same body with an Orel plan). */
export const VentaPlan = Type.Object({
  EMP_CODIGO: Type.Integer({ minimum: 1 }),
  PLAN_ID: Type.Integer({ minimum: 1 }),
  PLANEMPRESA_INICIO: Type.Optional(Day('Inicio; sin él, el día siguiente al vencimiento del plan vigente del mismo tipo y clase, u hoy')),
  PLANEMPRESA_PRECIO: Type.Optional(Usd('Precio cobrado; sin él, el del catálogo')),
  PAG_CODIGO: Type.Optional(
    Nullable(Type.Integer({ minimum: 1, description: 'Pago de la empresa del que viene (GET /empresas/pagos/{id})' })),
  ),
  PLANEMPRESA_OBSERVACION: Type.Optional(Nullable(Type.String({ maxLength: 300 }))),
});
export type VentaPlan = Static<typeof VentaPlan>;

/** Correcting a sold plan (PUT /empresas/planes/{PLANEMPRESA_ID}, PUT /empresas/planesOreL/{PLANOREL_ID}). */
export const EdicionPlan = Type.Object({
  PLANEMPRESA_INICIO: Day('Inicio'),
  PLANEMPRESA_CADUCA: Day('Último día'),
  PLANEMPRESA_COMPROBANTES: Type.Integer({ minimum: 1, maximum: 10_000_000 }),
  PLANEMPRESA_PRECIO: Usd('Precio cobrado'),
  PAG_CODIGO: Type.Optional(Nullable(Type.Integer({ minimum: 1 }))),
  PLANEMPRESA_OBSERVACION: Type.Optional(Nullable(Type.String({ maxLength: 300 }))),
});
export type EdicionPlan = Static<typeof EdicionPlan>;

/** A sold plan and the Spanish confirmation. */
export const PlanEmpresaGuardado = Type.Intersect([PlanEmpresa, Type.Object({ msg: Type.String() })]);
export type PlanEmpresaGuardado = Static<typeof PlanEmpresaGuardado>;

/** An Orel plan as the /planesOrel routes name it (the same sale, with PLANOREL_* names). */
export const PlanOrel = Type.Object({
  PLANOREL_ID: Type.Integer(),
  EMP_CODIGO: Type.Integer(),
  PLAN_ID: Type.Integer(),
  PLAN_NOMBRE: Type.String(),
  PLANOREL_INICIO: Day('Inicio'),
  PLANOREL_CADUCA: Day('Último día'),
  PLANOREL_COMPROBANTES: Type.Integer(),
  PLANOREL_USADOS: Type.Integer(),
  PLANOREL_PRECIO: Type.String(),
  PLANOREL_EXTENSION: Nullable(Type.String()),
  PLANOREL_OBSERVACION: Nullable(Type.String()),
  estado: EstadoPlan,
  activarDescargaPlan: Type.Boolean(),
  activarEditarPlan: Type.Boolean(),
});
export type PlanOrel = Static<typeof PlanOrel>;

/** An Orel plan sold or corrected, and the Spanish confirmation (POST /empresas/planesOrel, PUT /empresas/planesOreL/{id}). */
export const PlanOrelGuardado = Type.Intersect([PlanOrel, Type.Object({ msg: Type.String() })]);
export type PlanOrelGuardado = Static<typeof PlanOrelGuardado>;

/** GET /planes/plan/orel/utilizados/{id}: the documents used under an Orel plan. */
export const OrelUtilizados = Type.Object({
  PLANOREL_ID: Type.Integer(),
  comprobantes: Type.Integer(),
  utilizados: Type.Integer(),
  disponibles: Type.Integer(),
});
export type OrelUtilizados = Static<typeof OrelUtilizados>;

/**
 * The combined plan query of a company (GET /empresas/planesCombinados/{id}): its own, printing-house and Orel plans,
 * newest first. A part that failed is left out and named in `fallidas`; the rest still shows.
 */
export const PlanesCombinados = Type.Object({
  planes: Type.Array(PlanEmpresa),
  fallidas: Type.Array(Clase, { description: 'Clases cuya consulta falló (se registró "Error en la consulta de planes")' }),
});
export type PlanesCombinados = Static<typeof PlanesCombinados>;

/** The morning figures of the sales team (GET /empresas/planes/resumen), over the companies the caller sees. */
export const ResumenPlanes = Type.Object({
  vendidosMes: Type.Integer({ description: 'Planes vendidos desde el día 1 de este mes (Ecuador)' }),
  importeMes: Type.String({ description: 'Suma de sus precios sin IVA, USD' }),
  porVencer: Type.Integer({ description: 'Empresas cuyo plan electrónico vence en los próximos 30 días' }),
  sinPlan: Type.Integer({ description: 'Empresas activas sin plan electrónico vigente' }),
  renovaciones: Type.Array(
    Type.Object({
      EMP_CODIGO: Type.Integer(),
      EMP_RUC: Type.String(),
      EMP_NOMBRE: Type.String(),
      PLANEMPRESA_ID: Type.Integer(),
      PLAN_NOMBRE: Type.String(),
      PLANEMPRESA_CADUCA: Type.String(),
      dias: Type.Integer({ description: 'Días hasta el vencimiento (0: hoy)' }),
    }),
    { description: 'Los próximos 30 días, el más cercano primero (hasta 50)' },
  ),
});
export type ResumenPlanes = Static<typeof ResumenPlanes>;

/** The company application's view of its plan (GET /miEmpresa/plan). */
export const MiPlan = Type.Object({
  plan: Nullable(PlanEmpresa),
  aviso: Type.Object({ activar: Type.Boolean(), mensaje: Type.String() }),
});
export type MiPlan = Static<typeof MiPlan>;
