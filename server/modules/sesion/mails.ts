import type { Mail } from '../../infra/mail';

/** The new password of a recovery, sent to the user's address (or the company's when the user has none). */
export function recoveryMail(user: { USU_CORREO: string | null; EMP_CORREO: string; USU_NOMBRE: string | null; USU_USUARIO: string; EMP_NOMBREC: string; EMP_RUC: string }, clave: string): Mail {
  return {
    to: user.USU_CORREO ?? user.EMP_CORREO,
    subject: 'Amelia: su nueva clave',
    text: `Hola ${user.USU_NOMBRE ?? user.USU_USUARIO}:\n\nRecibimos un pedido para recuperar el acceso de ${user.EMP_NOMBREC} (RUC ${user.EMP_RUC}).\n\nUsuario: ${user.USU_USUARIO}\nClave nueva: ${clave}\n\nInicie sesión y cámbiela cuanto antes. Si usted no lo pidió, avise a su administrador.\n`,
  };
}
