import { useRecordContext, useTranslate } from 'react-admin';
import type { Plan } from '../../../domain/contratos/planes';
import { PLAN_MSG } from '../../../domain/planes';
import { RemoveRecordButton } from '../../shell/RemoveRecordButton';

/**
 * Deletes a plan that was never sold, or retires one that was (the server decides and says which): the button says
 * what will happen, and the notice is the server's message.
 */
export function PlanDeleteButton() {
  const record = useRecordContext<Plan & { id: number }>();
  const translate = useTranslate();
  if (!record) return null;
  const sold = record.vendidos > 0;
  const t = (key: string, options?: object) => translate(`resources.planes.${key}`, options);
  if (sold && !record.PLAN_ACTIVO) return null;
  return (
    <RemoveRecordButton
      resource="planes"
      record={record}
      texts={{
        label: t(sold ? 'retirar' : 'eliminar'),
        title: t(sold ? 'retirar_titulo' : 'eliminar_titulo', { nombre: record.PLAN_NOMBRE }),
        content: t(sold ? 'retirar_texto' : 'eliminar_texto', { smart_count: record.vendidos }),
        confirm: t(sold ? 'retirar' : 'eliminar'),
        done: sold ? PLAN_MSG.retiredInstead : PLAN_MSG.deleted,
      }}
    />
  );
}
