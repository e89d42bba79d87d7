import type { Mail } from '../../infra/mail';

/** A recovery's temporary clave, sent to the user's address (or the company's when the user has none). */
export function recoveryMail(
  user: {
    USU_CORREO: string | null;
    EMP_CORREO: string;
    USU_NOMBRE: string | null;
    USU_USUARIO: string;
    EMP_NOMBREC: string;
    EMP_RUC: string;
  },
  clave: string,
  minutes: number,
): Mail {
  return {
    to: user.USU_CORREO ?? user.EMP_CORREO,
    subject: 'Amelia: su clave temporal',
    text: `Hola ${user.USU_NOMBRE ?? user.USU_USUARIO}:\n\nRecibimos un pedido para recuperar el acceso de ${user.EMP_NOMBREC} (RUC ${user.EMP_RUC}).\n\nUsuario: ${user.USU_USUARIO}\nClave temporal: ${clave}\n\nVence en ${minutes} minutos. Al ingresar con ella se le pedirá elegir una clave nueva. Su clave actual sigue sirviendo hasta que use una de las dos; si usted no pidió este cambio, ignore este correo y avise a su administrador.\n`,
  };
}
