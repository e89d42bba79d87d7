import { useState, type FormEvent } from 'react';
import { useTranslate } from 'react-admin';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import type { EdicionPlan, PlanEmpresa, PlanEmpresaGuardado, PlanOrelGuardado } from '../../../domain/contratos/planes';
import { esDia } from '../../../domain/fechas';
import { PLAN_CLASE, PLAN_CLASE_ETIQUETA, PLAN_MSG, PRECIO } from '../../../domain/planes';
import { DocumentoCampo, FechaCampo, PagoObservacionCampos, PrecioCampo, planT, useDocumento, usePagoObservacion } from './PlanCampos';
import { PlanDialogo } from './PlanDialogo';
import { useAreaDataProvider } from '../../dataProvider/useAreaDataProvider';
import { leerNumero } from '../../ui/numeros';

/** Where a sold plan is corrected: an Orel plan through its own route (planesOreL, with the published capital L). */
export const edicionPath = (plan: PlanEmpresa) =>
  plan.PLANEMPRESA_CLASE === PLAN_CLASE.orel ? `/empresas/planesOreL/${plan.PLANEMPRESA_ID}` : `/empresas/planes/${plan.PLANEMPRESA_ID}`;

/**
 * Corrects a sold plan (EdicionPlan): its dates, documents included, price, payment and observation; a
 * printing-house authorization can take a new document too (a renewed authorization).
 */
export function PlanEdicionDialog({
  empresa,
  plan,
  onClose,
  onSaved,
}: {
  empresa: number;
  plan: PlanEmpresa;
  onClose: () => void;
  onSaved: (msg: string) => void;
}) {
  const dataProvider = useAreaDataProvider();
  const t = planT(useTranslate());
  const { documento, setDocumento, enviar, detenido } = useDocumento();
  const [inicio, setInicio] = useState(plan.PLANEMPRESA_INICIO);
  const [caduca, setCaduca] = useState(plan.PLANEMPRESA_CADUCA);
  const [comprobantes, setComprobantes] = useState(String(plan.PLANEMPRESA_COMPROBANTES));
  const [precio, setPrecio] = useState(plan.PLANEMPRESA_PRECIO);
  const pagoObservacion = usePagoObservacion({
    pago: plan.PAG_CODIGO ? String(plan.PAG_CODIGO) : '',
    observacion: plan.PLANEMPRESA_OBSERVACION ?? '',
  });
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const cantidad = Number(comprobantes);
    if (!esDia(inicio) || !esDia(caduca)) return setError(PLAN_MSG.invalidDay);
    if (caduca < inicio) return setError(PLAN_MSG.endBeforeStart);
    if (!Number.isInteger(cantidad) || cantidad < 1) return setError(t('comprobantes_invalidos'));
    if (cantidad < plan.PLANEMPRESA_USADOS) return setError(PLAN_MSG.usedOverTotal);
    const precioLeido = leerNumero(precio) ?? precio.trim();
    if (!PRECIO.test(precioLeido)) return setError(PLAN_MSG.invalidPrice);
    setError(null);
    setSending(true);
    const body: EdicionPlan = {
      PLANEMPRESA_INICIO: inicio,
      PLANEMPRESA_CADUCA: caduca,
      PLANEMPRESA_COMPROBANTES: cantidad,
      PLANEMPRESA_PRECIO: Number(precioLeido).toFixed(2),
      ...pagoObservacion.campos,
    };
    try {
      const { msg } = await dataProvider.call<PlanEmpresaGuardado | PlanOrelGuardado>(edicionPath(plan), { method: 'PUT', body });
      if (documento.file) await enviar(plan.PLANEMPRESA_ID, documento.file);
      onSaved(msg);
    } catch (e) {
      setSending(false);
      detenido();
      setError((e as Error).message);
    }
  };

  return (
    <PlanDialogo
      id="plan-edicion"
      titulo={t('editar_titulo', { nombre: plan.PLAN_NOMBRE })}
      accion={t('guardar')}
      sending={sending}
      error={error}
      onClose={onClose}
      onSubmit={submit}
    >
      <Alert severity="info" sx={{ mb: 1 }}>
        {`${PLAN_CLASE_ETIQUETA[plan.PLANEMPRESA_CLASE]} · ${t('usados_de', {
          usados: plan.PLANEMPRESA_USADOS,
          comprobantes: plan.PLANEMPRESA_COMPROBANTES,
        })}`}
      </Alert>
      <Box sx={{ display: 'flex', gap: { xs: 0, sm: 2 }, flexWrap: 'wrap', '& > *': { flex: '1 1 180px' } }}>
        <FechaCampo id="plan-editar-inicio" label={t('fields.PLANEMPRESA_INICIO')} value={inicio} onChange={setInicio} />
        <FechaCampo id="plan-editar-caduca" label={t('fields.PLANEMPRESA_CADUCA')} value={caduca} onChange={setCaduca} />
      </Box>
      <TextField
        id="plan-editar-comprobantes"
        type="number"
        label={t('fields.PLANEMPRESA_COMPROBANTES')}
        value={comprobantes}
        onChange={(e) => setComprobantes(e.target.value)}
        slotProps={{ htmlInput: { min: Math.max(1, plan.PLANEMPRESA_USADOS), step: 1 } }}
        required
        fullWidth
        margin="dense"
      />
      <PrecioCampo value={precio} onChange={setPrecio} />
      <PagoObservacionCampos empresa={empresa} estado={pagoObservacion} />
      {plan.PLANEMPRESA_CLASE === PLAN_CLASE.imprenta && <DocumentoCampo value={documento} onChange={setDocumento} />}
    </PlanDialogo>
  );
}
