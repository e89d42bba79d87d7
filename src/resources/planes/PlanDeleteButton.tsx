import { Confirm, useRecordContext, useTranslate } from 'react-admin';
import Button from '@mui/material/Button';
import DeleteIcon from '@mui/icons-material/Delete';
import type { Plan } from '../../../domain/contratos/planes';
import { PLAN_MSG } from '../../../domain/planes';
import { useRemoveRecord } from '../../shell/useRemoveRecord';

/**
 * Deletes a plan that was never sold, or retires one that was (the server decides and says which): the button says
 * what will happen, and the notice is the server's message.
 */
export function PlanDeleteButton() {
  const record = useRecordContext<Plan & { id: number }>();
  const translate = useTranslate();
  const { open, setOpen, isPending, confirm } = useRemoveRecord('planes');
  if (!record) return null;
  const sold = record.vendidos > 0;
  const t = (key: string, options?: object) => translate(`resources.planes.${key}`, options);
  if (sold && !record.PLAN_ACTIVO) return null;
  return (
    <>
      <Button color="error" startIcon={<DeleteIcon />} onClick={() => setOpen(true)} disabled={isPending}>
        {t(sold ? 'retirar' : 'eliminar')}
      </Button>
      <Confirm
        isOpen={open}
        loading={isPending}
        title={t(sold ? 'retirar_titulo' : 'eliminar_titulo', { nombre: record.PLAN_NOMBRE })}
        content={t(sold ? 'retirar_texto' : 'eliminar_texto', { smart_count: record.vendidos })}
        confirm={t(sold ? 'retirar' : 'eliminar')}
        onConfirm={() => confirm(record, sold ? PLAN_MSG.retiredInstead : PLAN_MSG.deleted)}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
