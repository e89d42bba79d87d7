import { useState, type FormEvent } from 'react';
import { useTranslate } from 'react-admin';
import type { PlanEmpresa } from '../../../domain/contratos/planes';
import { DocumentoCampo, SIN_DOCUMENTO, planT, useSubirDocumento, type Documento } from './PlanCampos';
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
  const subir = useSubirDocumento();
  const [documento, setDocumento] = useState<Documento>(SIN_DOCUMENTO);
  const [error, setError] = useState<string | null>(null);
  const sending = documento.progress !== null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!documento.file) return setDocumento((d) => ({ ...d, error: t('elija_documento') }));
    setError(null);
    try {
      const { msg } = await subir(plan.PLANEMPRESA_ID, documento.file, (progress) => setDocumento((d) => ({ ...d, progress })));
      onSaved(msg);
    } catch (e) {
      setDocumento((d) => ({ ...d, progress: null }));
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
