import { useState, type FormEvent } from 'react';
import { useTranslate } from 'react-admin';
import type { PlanEmpresa } from '../../../domain/contratos/planes';
import { DocumentoCampo, planT, useDocumento } from './PlanCampos';
import { PlanDialogo } from './PlanDialogo';

/** Sends the authorization document of a printing-house plan that has none yet, with upload progress. */
export function PlanDocumentoDialog({
  plan,
  onClose,
  onSaved,
}: {
  plan: PlanEmpresa;
  onClose: () => void;
  onSaved: (msg: string) => void;
}) {
  const t = planT(useTranslate());
  const { documento, setDocumento, enviar, detenido } = useDocumento();
  const [error, setError] = useState<string | null>(null);
  const sending = documento.progress !== null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!documento.file) return setDocumento((d) => ({ ...d, error: t('elija_documento') }));
    setError(null);
    try {
      const { msg } = await enviar(plan.PLANEMPRESA_ID, documento.file);
      onSaved(msg);
    } catch (e) {
      detenido();
      setError((e as Error).message);
    }
  };

  return (
    <PlanDialogo
      id="plan-documento"
      titulo={t('subir_documento_titulo', { nombre: plan.PLAN_NOMBRE })}
      accion={t('subir_documento')}
      sending={sending}
      error={error}
      onClose={onClose}
      onSubmit={submit}
    >
      <DocumentoCampo value={documento} onChange={setDocumento} />
    </PlanDialogo>
  );
}
