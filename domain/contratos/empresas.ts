import { Type, type Static } from 'typebox';
import { Email, multiline, NewPassword, Nullable, Ruc13, text } from './esquemas';

/** The company of the session, as its home and "Mi empresa" pages show it. */
export const MiEmpresa = Type.Object({
  EMP_CODIGO: Type.Integer(),
  EMP_RUC: Type.String(),
  EMP_NOMBREC: Type.String(),
  EMP_NOMBRE: Type.String(),
  EMP_CORREO: Type.String(),
  EMP_TELEFONO: Nullable(Type.String()),
  firma: Type.Boolean({ description: 'Tiene firma electrónica registrada' }),
  EMP_CELULAR: Nullable(Type.String()),
  EMP_DIRECCION: Nullable(Type.String({ description: 'Dirección matriz (la factura la exige)' })),
  EMP_CONTABILIDAD: Type.Boolean(),
  EMP_CONTRIBUYENTE_ESPECIAL: Nullable(Type.String()),
  EMP_AGENTE_RETENCION: Nullable(Type.String()),
  EMP_RIMPE: Nullable(Type.String()),
  EMP_AMBIENTE: Type.Integer({ description: '1 pruebas, 2 producción' }),
  logo: Type.Boolean({ description: 'Tiene logo para documentos impresos' }),
  plan: Nullable(
    Type.Object({
      PLAN_NOMBRE: Type.String(),
      PLAN_COMPROBANTES: Type.Integer(),
      PLANEMPRESA_INICIO: Type.String(),
      PLANEMPRESA_CADUCA: Type.String(),
    }),
  ),
});
export type MiEmpresa = Static<typeof MiEmpresa>;

const MAX_INT = 2147483647;
const Id = Type.Integer({ minimum: 1, maximum: MAX_INT });

/** Messages of the company back office (server answers; the web shows them as they come). */
export const EMPRESA_MSG = {
  stale: 'La empresa fue modificada por otra persona mientras la editaba. Recargue para ver los cambios.',
  rucTaken: (ruc: string) => `Ya existe otra empresa con el RUC ${ruc}.`,
  hasDocuments: 'La empresa tiene pagos o planes registrados; no se puede eliminar. Puede desactivarla.',
  hasTickets: 'La empresa tiene tickets de soporte registrados; no se puede eliminar. Puede desactivarla.',
  deleted: (name: string) => `La empresa ${name} fue eliminada.`,
  distributorNotFound: 'El distribuidor indicado no existe o no es un distribuidor activo',
  distributorOnlyAdmins: 'Solo un administrador puede cambiar el distribuidor de una empresa',
  duplicateEstablishment: (numero: string) => `El establecimiento ${numero} está repetido`,
  duplicatePoint: (est: string, numero: string) => `El punto de emisión ${numero} del establecimiento ${est} está repetido`,
  foreignEstablishment: (id: number) => `El establecimiento ${id} no pertenece a esta empresa`,
  foreignPoint: (id: number) => `El punto de emisión ${id} no pertenece a su establecimiento`,
  numberSwap: 'Dos establecimientos o puntos de emisión intercambian su número; guarde el cambio en dos pasos.',
  menuInvalid: (id: number) => `El menú ${id} no existe o no es de la aplicación de empresas`,
  reasonRequired: 'Indique el motivo del rechazo',
  userTaken: 'El usuario ya existe en esta empresa',
  logoSaved: 'Logo actualizado',
  logoRemoved: 'Logo quitado',
  noLogo: 'La empresa no tiene logo para documentos impresos',
} as const;

const Phone = Nullable(
  Type.String({ pattern: '^\\+?[0-9 ]{6,19}$', errorMessage: 'El teléfono solo admite números (de 6 a 20 caracteres)' }),
);
const Resolution = (what: string) =>
  Nullable(Type.String({ pattern: '^[0-9]{1,13}$', errorMessage: `La resolución de ${what} solo admite dígitos (hasta 13)` }));
export const SriNumber = (what: string) =>
  Type.String({ pattern: '^(?!000)[0-9]{3}$', errorMessage: `El número de ${what} debe tener 3 dígitos, del 001 al 999` });

export const PuntoEmision = Type.Object(
  {
    PEM_CODIGO: Type.Optional(Id),
    PEM_NUMERO: SriNumber('punto de emisión'),
    PEM_NOMBRE: Nullable(text(120)),
    PEM_ACTIVO: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type PuntoEmision = Static<typeof PuntoEmision>;

export const Establecimiento = Type.Object(
  {
    EST_CODIGO: Type.Optional(Id),
    EST_NUMERO: SriNumber('establecimiento'),
    EST_NOMBRE: Nullable(text(200)),
    EST_DIRECCION: text(300),
    EST_ACTIVO: Type.Boolean(),
    puntos: Type.Array(PuntoEmision, { maxItems: 999 }),
  },
  { additionalProperties: false },
);
export type Establecimiento = Static<typeof Establecimiento>;

/** Every field of a company an administrator edits (what the SRI registers, plus state and distributor). */
const EditableFields = {
  EMP_RUC: Ruc13,
  EMP_NOMBREC: text(200),
  EMP_NOMBRE: text(200),
  EMP_CORREO: Email,
  EMP_TELEFONO: Phone,
  EMP_CELULAR: Phone,
  EMP_DIRECCION: Nullable(text(300)),
  EMP_CONTABILIDAD: Type.Boolean(),
  EMP_CONTRIBUYENTE_ESPECIAL: Resolution('contribuyente especial'),
  EMP_AGENTE_RETENCION: Resolution('agente de retención'),
  EMP_RIMPE: Nullable(
    Type.Union([Type.Literal('EMPRENDEDOR'), Type.Literal('NEGOCIO_POPULAR')], { description: 'REGIMEN_RIMPE de domain/empresas.ts' }),
  ),
  EMP_AMBIENTE: Type.Integer({ minimum: 1, maximum: 2, errorMessage: 'El ambiente debe ser 1 (pruebas) o 2 (producción)' }),
  EMP_ACTIVO: Type.Boolean(),
  EMP_DISTRIBUIDOR: Type.Optional(
    Nullable(Type.Integer({ minimum: 1, maximum: MAX_INT, description: 'Solo administradores; null: sin distribuidor' })),
  ),
};

/** A company's whole menu list (PUT /empresas and PUT /menus/menuEmpresaAdmin). */
export const MenuList = Type.Array(Id, {
  maxItems: 200,
  uniqueItems: true,
  errorMessage: 'La lista de menús no puede repetir un menú',
  description: 'MEN_CODIGO de menús del área empresa',
});

export const EmpresaCambios = Type.Object(
  {
    ...EditableFields,
    establecimientos: Type.Array(Establecimiento, { maxItems: 999 }),
    menus: Type.Optional(MenuList),
    EMP_VERSION: Type.Integer({ minimum: 1, maximum: MAX_INT, description: 'La versión que se leyó; si cambió, 409' }),
  },
  { additionalProperties: false },
);
export type EmpresaCambios = Static<typeof EmpresaCambios>;

export const EmpresaNueva = Type.Object(
  {
    ...EditableFields,
    EMP_ACTIVO: Type.Optional(Type.Boolean()),
    establecimientos: Type.Optional(Type.Array(Establecimiento, { maxItems: 999 })),
    usuario: Type.Optional(text(60, { pattern: '^\\S+$', errorMessage: 'El usuario no puede tener espacios' })),
    clave: Type.Optional(NewPassword),
  },
  { additionalProperties: false },
);
export type EmpresaNueva = Static<typeof EmpresaNueva>;

// Literals written out: a mapped array would make the static type `never`.
const Vigencia = Type.Union([Type.Literal('vigente'), Type.Literal('por_vencer'), Type.Literal('vencido'), Type.Literal('sin')], {
  description: 'vigente, por_vencer (vence en 30 días o menos), vencido o sin',
});

/** The company's header: what identifies it and the state of its check, plan and signature. */
export const EmpresaCabecera = Type.Object({
  EMP_CODIGO: Type.Integer(),
  EMP_RUC: Type.String(),
  EMP_NOMBREC: Type.String(),
  EMP_NOMBRE: Type.String(),
  EMP_ACTIVO: Type.Boolean(),
  EMP_COMPROBACION: Type.String({ description: 'PENDIENTE, VERIFICADA o RECHAZADA' }),
  EMP_DISTRIBUIDOR: Nullable(Type.Integer()),
  DISTRIBUIDOR_NOMBRE: Nullable(Type.String()),
  EMP_PLAN_CADUCA: Nullable(Type.String()),
  EMP_FIRMA_CADUCA: Nullable(Type.String()),
  planEstado: Vigencia,
  firmaEstado: Vigencia,
});
export type EmpresaCabecera = Static<typeof EmpresaCabecera>;

const StoredPunto = Type.Object({
  PEM_CODIGO: Type.Integer(),
  PEM_NUMERO: Type.String(),
  PEM_NOMBRE: Nullable(Type.String()),
  PEM_ACTIVO: Type.Boolean(),
});
const StoredEstablecimiento = Type.Object({
  EST_CODIGO: Type.Integer(),
  EST_NUMERO: Type.String(),
  EST_NOMBRE: Nullable(Type.String()),
  EST_DIRECCION: Type.String(),
  EST_ACTIVO: Type.Boolean(),
  puntos: Type.Array(StoredPunto),
});

/** Everything the company page shows and edits. */
export const EmpresaFicha = Type.Object({
  ...EmpresaCabecera.properties,
  EMP_CORREO: Type.String(),
  EMP_TELEFONO: Nullable(Type.String()),
  EMP_CELULAR: Nullable(Type.String()),
  EMP_DIRECCION: Nullable(Type.String()),
  EMP_CONTABILIDAD: Type.Boolean(),
  EMP_CONTRIBUYENTE_ESPECIAL: Nullable(Type.String()),
  EMP_AGENTE_RETENCION: Nullable(Type.String()),
  EMP_RIMPE: Nullable(Type.String()),
  EMP_AMBIENTE: Type.Integer(),
  EMP_LOGO: Nullable(Type.String({ description: 'Id del logo para documentos impresos (GET /empresas/logo/{id}); null sin logo' })),
  EMP_MOTIVO_RECHAZO: Nullable(Type.String()),
  EMP_FECHAREGISTRO: Type.String(),
  EMP_ACTUALIZADO: Type.String(),
  EMP_VERSION: Type.Integer(),
  establecimientos: Type.Array(StoredEstablecimiento),
  menus: Type.Array(Type.Integer(), { description: 'MEN_CODIGO de los menús de la empresa' }),
  plan: MiEmpresa.properties.plan,
  firma: Nullable(Type.Object({ FIR_TITULAR: Type.String(), FIR_HASTA: Type.String() })),
  usuarios: Type.Integer({ description: 'Cantidad de usuarios' }),
  pagos: Type.Integer({ description: 'Cantidad de pagos' }),
});
export type EmpresaFicha = Static<typeof EmpresaFicha>;

export const EmpresaGuardada = Type.Object({
  ...EmpresaFicha.properties,
  advertencias: Type.Array(Type.String(), { description: 'Avisos que no impiden guardar (dígito verificador del RUC)' }),
});
export type EmpresaGuardada = Static<typeof EmpresaGuardada>;

export const EmpresaEliminada = Type.Object({ EMP_CODIGO: Type.Integer(), msg: Type.String() });

export const PagoResumen = Type.Object({
  PAG_CODIGO: Type.Integer(),
  PAG_ORIGEN: Type.String({ description: 'registro o admin' }),
  PAG_REFERENCIA: Type.String(),
  PAG_MONTO: Nullable(Type.String()),
  PAG_FECHAPAGO: Nullable(Type.String()),
  PAG_FECHA: Type.String(),
  ARC_ID: Nullable(Type.String()),
  ARC_NOMBRE: Nullable(Type.String()),
});

export const Comprobacion = Type.Object({
  EMP_COMPROBACION: Type.String(),
  EMP_MOTIVO_RECHAZO: Nullable(Type.String()),
  pagos: Type.Array(PagoResumen),
});
export type Comprobacion = Static<typeof Comprobacion>;

export const ComprobacionCambio = Type.Object(
  {
    estado: Type.Union([Type.Literal('PENDIENTE'), Type.Literal('VERIFICADA'), Type.Literal('RECHAZADA')]),
    motivo: Type.Optional(Nullable(text(1000, multiline))),
  },
  { additionalProperties: false },
);
export type ComprobacionCambio = Static<typeof ComprobacionCambio>;

export const HistorialEntrada = Type.Object({
  HIS_ID: Type.Integer(),
  HIS_FECHA: Type.String(),
  HIS_USUARIO: Type.String(),
  HIS_ACCION: Type.String({ description: 'creacion, datos, menus, usuario, pago, comprobacion, firma, estado, plan, api' }),
  HIS_DESCRIPCION: Type.String(),
  HIS_ANTES: Nullable(Type.Record(Type.String(), Type.Unknown())),
  HIS_DESPUES: Nullable(Type.Record(Type.String(), Type.Unknown())),
});
export type HistorialEntrada = Static<typeof HistorialEntrada>;

export const AccesoEmpresa = Type.Object({
  ING_CODIGO: Type.Integer(),
  ING_FECHA: Type.String(),
  ING_IP: Nullable(Type.String()),
  ADM_USUARIO: Type.String(),
  ADM_NOMBRE: Type.String(),
  USU_USUARIO: Type.String(),
});
export type AccesoEmpresa = Static<typeof AccesoEmpresa>;

/** The logo for printed documents just stored (POST /empresas/logo/{id}). */
export const LogoGuardado = Type.Object({
  EMP_LOGO: Type.String({ description: 'Id del archivo del logo' }),
  ARC_NOMBRE: Type.String(),
  ARC_TIPO: Type.String({ description: 'image/png o image/jpeg' }),
  ARC_TAMANO: Type.Integer(),
  msg: Type.String(),
});
export type LogoGuardado = Static<typeof LogoGuardado>;
