import { Type, type Static } from 'typebox';
import { Nullable, text } from './esquemas';
import { EmpresaCambios, SriNumber } from './empresas';

/**
 * What the company's administrator edits of its own data (PUT /miEmpresa/datos): what its invoices print. Its RUC,
 * names and email stay with the provider's back office.
 */
const campos = EmpresaCambios.properties;
export const MiEmpresaDatos = Type.Object(
  {
    EMP_TELEFONO: campos.EMP_TELEFONO,
    EMP_CELULAR: campos.EMP_CELULAR,
    EMP_DIRECCION: campos.EMP_DIRECCION,
    EMP_CONTABILIDAD: campos.EMP_CONTABILIDAD,
    EMP_CONTRIBUYENTE_ESPECIAL: campos.EMP_CONTRIBUYENTE_ESPECIAL,
    EMP_AGENTE_RETENCION: campos.EMP_AGENTE_RETENCION,
    EMP_RIMPE: campos.EMP_RIMPE,
  },
  { additionalProperties: false },
);
export type MiEmpresaDatos = Static<typeof MiEmpresaDatos>;

/** The highest sequential the SRI's 9-digit number allows. */
const SECUENCIAL_MAX = 999999999;

/** What the company's administrator sends for one of its establishments (POST and PUT /miEmpresa/establecimientos). */
export const EstablecimientoDatos = Type.Object(
  {
    EST_NUMERO: SriNumber('establecimiento'),
    EST_NOMBRE: Nullable(text(200)),
    EST_DIRECCION: text(300),
    EST_ACTIVO: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type EstablecimientoDatos = Static<typeof EstablecimientoDatos>;

/** What the company's administrator sends for one of its emission points. */
export const PuntoDatos = Type.Object(
  {
    PEM_NUMERO: SriNumber('punto de emisión'),
    PEM_NOMBRE: Nullable(text(120)),
    PEM_ACTIVO: Type.Boolean(),
    siguiente: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: SECUENCIAL_MAX,
        description: 'El número que tomará la próxima factura de este punto (si viene de otro proveedor)',
        errorMessage: `El siguiente secuencial debe ser un número entero del 1 al ${SECUENCIAL_MAX}`,
      }),
    ),
  },
  { additionalProperties: false },
);
export type PuntoDatos = Static<typeof PuntoDatos>;

const PuntoGuardado = Type.Object({
  PEM_CODIGO: Type.Integer(),
  PEM_NUMERO: Type.String(),
  PEM_NOMBRE: Nullable(Type.String()),
  PEM_ACTIVO: Type.Boolean(),
  siguiente: Type.Integer({ description: 'El número que tomará la próxima factura' }),
  ultimo: Nullable(Type.Integer({ description: 'El último secuencial emitido en este punto' })),
});

/** One establishment of the session's company with its emission points. */
export const EstablecimientoEmpresa = Type.Object({
  EST_CODIGO: Type.Integer(),
  EST_NUMERO: Type.String(),
  EST_NOMBRE: Nullable(Type.String()),
  EST_DIRECCION: Type.String(),
  EST_ACTIVO: Type.Boolean(),
  puntos: Type.Array(PuntoGuardado),
});
export type EstablecimientoEmpresa = Static<typeof EstablecimientoEmpresa>;

/** PUT /miEmpresa/ambiente: 1 pruebas, 2 producción (which asks for confirmar: true). */
export const AmbienteCambio = Type.Object(
  {
    ambiente: Type.Union([Type.Literal(1), Type.Literal(2)], { errorMessage: 'El ambiente debe ser 1 (pruebas) o 2 (producción)' }),
    confirmar: Type.Optional(Type.Boolean({ description: 'Obligatorio (true) para pasar a producción' })),
  },
  { additionalProperties: false },
);

export const AmbienteGuardado = Type.Object({ EMP_AMBIENTE: Type.Integer(), msg: Type.String() });

/** The company home's "Primeros pasos": what is done, and whom to ask for a plan. */
export const PrimerosPasos = Type.Object({
  plan: Type.Boolean({ description: 'Tiene un plan vigente' }),
  firma: Type.Boolean({ description: 'Tiene una firma electrónica vigente' }),
  punto: Type.Boolean({ description: 'Tiene un establecimiento activo con un punto de emisión activo' }),
  cliente: Type.Boolean(),
  producto: Type.Boolean(),
  factura: Type.Boolean({ description: 'Tiene al menos una factura AUTORIZADA' }),
  distribuidor: Nullable(
    Type.Object(
      { nombre: Type.String(), correo: Nullable(Type.String()) },
      { description: 'El distribuidor de la empresa, a quien pedir un plan; null: el soporte del proveedor' },
    ),
  ),
});
export type PrimerosPasos = Static<typeof PrimerosPasos>;

/** Messages of the company's own set-up ("Mi empresa"). */
export const MI_EMPRESA_MSG = {
  establishmentTaken: (numero: string) => `Ya existe el establecimiento ${numero} en su empresa.`,
  pointTaken: (est: string, numero: string) => `Ya existe el punto de emisión ${numero} en el establecimiento ${est}.`,
  belowIssued: (ultimo: number) => `El siguiente secuencial debe ser mayor que el último número ya emitido en este punto (${ultimo}).`,
  establishmentSaved: 'Establecimiento guardado',
  dataSaved: 'Datos de la empresa guardados',
  pointSaved: 'Punto de emisión guardado',
  confirmProduction:
    'Para pasar a producción confirme que entiende que cada comprobante autorizado tiene validez tributaria y se descuenta de su plan.',
  ambienteSaved: (ambiente: number) => (ambiente === 2 ? 'Su empresa emite ahora en producción' : 'Su empresa emite ahora en pruebas'),
} as const;

/** What the environment is called on screen and in the history. */
export const AMBIENTE_NOMBRE: Record<number, string> = { 1: 'pruebas', 2: 'producción' };
