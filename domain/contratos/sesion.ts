import { Type, type Static } from 'typebox';
import { NewPassword, Nullable, Ruc13, text } from './esquemas';
import { ROLES_EMPRESA, type RolEmpresa } from '../clientes';

/** A company user's session, as login, loginDistribuidor and the web app's session storage hold it. */
export const CompanySession = Type.Object({
  USU_CODIGO: Type.Integer(),
  USU_USUARIO: Type.String(),
  USU_NOMBRE: Nullable(Type.String()),
  USU_ACTIVO: Type.Boolean(),
  // Optional for the web app: a session stored before roles existed lacks it (the sign-ins always send it).
  USU_ROL: Type.Optional(
    Type.Unsafe<RolEmpresa>(
      Type.String({
        enum: [...ROLES_EMPRESA],
        description: 'Rol del usuario en la empresa; un distribuidor dentro de la empresa actúa como administrador',
      }),
    ),
  ),
  COM_CODIGO: Type.Integer(),
  eid: Type.Integer({ description: 'Identificador del usuario dentro de la empresa (USU_CODIGO)' }),
  EMP_RUC: Type.String(),
  EMP_NOMBREC: Type.String(),
  distribuidor: Type.Optional(Type.String({ description: 'Usuario del distribuidor que ingresó como la empresa' })),
  token: Type.String(),
  expira: Type.String({ description: 'Fecha y hora ISO en que vence el token' }),
  cambiarClave: Type.Boolean({
    description:
      'true: ingresó con la clave temporal de una recuperación; hasta elegir una nueva (PUT clave) las demás llamadas responden 403 con code CAMBIAR_CLAVE',
  }),
});
export type CompanySession = Static<typeof CompanySession>;

/** An administrator's or distributor's session. */
export const AdminSession = Type.Object({
  ADM_CODIGO: Type.Integer(),
  ADM_USUARIO: Type.String(),
  ADM_NOMBRE: Type.String(),
  PRF_CODIGO: Type.Integer(),
  DRB_CONTADOR: Type.Integer(),
  token: Type.String(),
  expira: Type.String(),
  cambiarClave: Type.Boolean({
    description:
      'true: ingresó con la clave temporal que le envió un administrador al restablecer su clave; hasta elegir una nueva (PUT claveAdmin) las demás llamadas responden 403 con code CAMBIAR_CLAVE',
  }),
});
export type AdminSession = Static<typeof AdminSession>;

export const CompanyLogin = Type.Object({ ruc: text(13), usuario: text(60), clave: text(200), recordar: Type.Optional(Type.Boolean()) });
export const AdminLogin = Type.Object({ usuario: text(60), clave: text(200), recordar: Type.Optional(Type.Boolean()) });
export const DistributorLogin = Type.Object({
  ruc: Ruc13,
  usuario: Type.Optional(Type.String({ maxLength: 60 })),
  clave: Type.Optional(Type.String({ maxLength: 200 })),
});
/**
 * A signed-in user's own clave change; the new clave follows the rules of registration. claveActual may be left
 * out only by a session that signed in with a recovery's temporary clave (the login answered cambiarClave true).
 */
export const PasswordChange = Type.Object({ claveActual: Type.Optional(text(200)), claveNueva: NewPassword });
export type PasswordChange = Static<typeof PasswordChange>;

export const RecoveryRequest = Type.Object({ ruc: text(13), usuario: text(60) });

export const PlanNoticeParams = Type.Object({
  empresa: Type.Integer({ minimum: 1, maximum: 2147483647 }),
  eid: Type.Integer({ minimum: 1, maximum: 2147483647 }),
});
/** The warning the company application shows after login; activar false means there is nothing to show. */
export const PlanNotice = Type.Object({ activar: Type.Boolean(), mensaje: Type.String() });
export type PlanNotice = Static<typeof PlanNotice>;
