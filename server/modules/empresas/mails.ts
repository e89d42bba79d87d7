import type { Mail } from '../../infra/mail';
import { ESTADO_COMPROBACION, type EstadoComprobacion } from '../../../domain/empresas';

type Company = { EMP_NOMBREC: string; EMP_RUC: string; EMP_CORREO: string };

/** What the company hears when an administrator verifies or rejects it; nothing for a return to "por verificar". */
export function checkMail(company: Company, estado: EstadoComprobacion, motivo: string | null): Mail | undefined {
  const greeting = `Hola, equipo de ${company.EMP_NOMBREC}:\n\n`;
  if (estado === ESTADO_COMPROBACION.verificada) {
    return {
      to: company.EMP_CORREO,
      subject: 'Amelia: su empresa fue verificada',
      text: `${greeting}Revisamos el registro de ${company.EMP_NOMBREC} (RUC ${company.EMP_RUC}) y su pago, y la empresa quedó verificada. Ya puede usar Amelia con normalidad.\n\nGracias por confiar en Amelia.\n`,
    };
  }
  if (estado === ESTADO_COMPROBACION.rechazada) {
    return {
      to: company.EMP_CORREO,
      subject: 'Amelia: no pudimos verificar su empresa',
      text: `${greeting}Revisamos el registro de ${company.EMP_NOMBREC} (RUC ${company.EMP_RUC}) y no pudimos verificarlo.\n\nMotivo: ${motivo ?? ''}\n\nCorrija lo indicado o responda a este correo con el comprobante de pago, y volveremos a revisarlo.\n`,
    };
  }
  return undefined;
}
