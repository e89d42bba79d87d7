import { useState, type FormEvent } from 'react';
import { useGetList, useTranslate } from 'react-admin';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Plan, PlanEmpresa, PlanEmpresaGuardado, PlanOrelGuardado, VentaPlan } from '../../../domain/contratos/planes';
import { esDia } from '../../../domain/fechas';
import {
  caducaDesde,
  PLAN_CLASE,
  PLAN_CLASE_ETIQUETA,
  PLAN_CLASES,
  PLAN_MSG,
  PLAN_TIPO_DEFECTO,
  PLAN_TIPO_ETIQUETA,
  PLAN_TIPO_TODOS,
  PRECIO,
  type PlanClase,
} from '../../../domain/planes';
import { leerNumero, usd } from '../../ui/numeros';
import { inicioSugerido } from './planesVendidos';
import {
  DocumentoCampo,
  FechaCampo,
  PagoObservacionCampos,
  PrecioCampo,
  SIN_DOCUMENTO,
  planT,
  useDocumento,
  usePagoObservacion,
} from './PlanCampos';
import { PlanDialogo } from './PlanDialogo';
import { useAreaDataProvider } from '../../dataProvider/useAreaDataProvider';

type Props = {
  empresa: number;
  /** The company's plans: where a new one of the same class and type starts. */
  planes: readonly PlanEmpresa[];
  /** Renewing: the plan renewed (its class and catalogue plan come chosen). */
  renovar?: PlanEmpresa;
  hoy: string;
  onClose: () => void;
  onSaved: (msg: string) => void;
};

/**
 * Sells a plan to a company, or renews one: class, then a plan of the active catalogue of that class; the start is
 * the day after the latest plan of that class and type ends (today when it lapsed), the price the catalogue's with
 * its IVA and total; an optional payment and observation; for a printing-house authorization, its document, sent
 * right after the sale.
 */
export function PlanVentaDialog({ empresa, planes, renovar, hoy, onClose, onSaved }: Props) {
  const dataProvider = useAreaDataProvider();
  const t = planT(useTranslate());
  const { documento, setDocumento, enviar } = useDocumento();
  const [clase, setClase] = useState<PlanClase>(renovar?.PLANEMPRESA_CLASE ?? PLAN_CLASE.electronico);
  const [planId, setPlanId] = useState<number | null>(renovar?.PLAN_ID ?? null);
  const [inicio, setInicio] = useState(() =>
    inicioSugerido(planes, renovar?.PLANEMPRESA_CLASE ?? PLAN_CLASE.electronico, renovar?.PLANEMPRESA_TIPO ?? PLAN_TIPO_DEFECTO, hoy),
  );
  const [precio, setPrecio] = useState<string | null>(null);
  const pagoObservacion = usePagoObservacion({ pago: '', observacion: '' });
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const { data: catalogo, isPending } = useGetList<Plan & { id: number }>('planes', {
    filter: { PLAN_CLASE: clase, PLAN_ACTIVO: true, PLAN_TIPO: PLAN_TIPO_TODOS },
    pagination: { page: 1, perPage: 200 },
    sort: { field: 'PLAN_NOMBRE', order: 'ASC' },
  });
  const plan = catalogo?.find((p) => p.PLAN_ID === planId);
  // The price is the catalogue's until it is typed over.
  const precioMostrado = precio ?? plan?.PLAN_PRECIO ?? '';

  const elegirClase = (value: PlanClase) => {
    setClase(value);
    setPlanId(null);
    setPrecio(null);
    setDocumento(SIN_DOCUMENTO);
    setInicio(inicioSugerido(planes, value, PLAN_TIPO_DEFECTO, hoy));
  };
  const elegirPlan = (id: number) => {
    const elegido = catalogo?.find((p) => p.PLAN_ID === id);
    setPlanId(id);
    setPrecio(null);
    if (elegido) setInicio(inicioSugerido(planes, elegido.PLAN_CLASE, elegido.PLAN_TIPO, hoy));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!plan) return setError(t('elija_plan'));
    if (!esDia(inicio)) return setError(PLAN_MSG.invalidDay);
    const precioLeido = leerNumero(precioMostrado) ?? precioMostrado.trim();
    if (!PRECIO.test(precioLeido)) return setError(PLAN_MSG.invalidPrice);
    setError(null);
    setSending(true);
    const body: VentaPlan = {
      EMP_CODIGO: empresa,
      PLAN_ID: plan.PLAN_ID,
      PLANEMPRESA_INICIO: inicio,
      PLANEMPRESA_PRECIO: Number(precioLeido).toFixed(2),
      ...pagoObservacion.campos,
    };
    let vendido: PlanEmpresaGuardado | PlanOrelGuardado;
    try {
      vendido = await dataProvider.call<PlanEmpresaGuardado | PlanOrelGuardado>(
        clase === PLAN_CLASE.orel ? '/empresas/planesOrel' : '/empresas/planes',
        {
          method: 'POST',
          body,
        },
      );
    } catch (e) {
      setSending(false);
      return setError((e as Error).message);
    }
    if (documento.file && 'PLANEMPRESA_ID' in vendido) {
      try {
        await enviar(vendido.PLANEMPRESA_ID, documento.file);
      } catch (e) {
        // The plan is sold: the document can be sent again from its row.
        return onSaved(`${vendido.msg} ${t('documento_fallo', { msg: (e as Error).message })}`);
      }
    }
    onSaved(vendido.msg);
  };

  const titulo = t(renovar ? 'renovar_titulo' : 'vender_titulo');
  return (
    <PlanDialogo
      id="plan-venta"
      titulo={titulo}
      accion={t(renovar ? 'renovar' : 'vender')}
      sending={sending}
      error={error}
      onClose={onClose}
      onSubmit={submit}
    >
      <TextField
        id="plan-clase"
        select
        label={t('fields.PLANEMPRESA_CLASE')}
        value={clase}
        onChange={(e) => elegirClase(e.target.value as PlanClase)}
        disabled={Boolean(renovar)}
        required
        fullWidth
        margin="dense"
      >
        {PLAN_CLASES.map((c) => (
          <MenuItem key={c} value={c}>
            {PLAN_CLASE_ETIQUETA[c]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        id="plan-plan"
        select
        label={t('fields.PLAN_ID')}
        value={plan ? String(plan.PLAN_ID) : ''}
        onChange={(e) => elegirPlan(Number(e.target.value))}
        helperText={isPending ? t('cargando_catalogo') : catalogo?.length === 0 ? t('sin_catalogo') : undefined}
        required
        fullWidth
        margin="dense"
      >
        {(catalogo ?? []).map((p) => (
          <MenuItem key={p.PLAN_ID} value={String(p.PLAN_ID)}>
            {`${p.PLAN_NOMBRE} · ${PLAN_TIPO_ETIQUETA[p.PLAN_TIPO]} · ${t('comprobantes_dias', {
              comprobantes: p.PLAN_COMPROBANTES,
              dias: p.PLAN_DIAS,
            })} · ${usd(p.PLAN_PRECIO)}`}
          </MenuItem>
        ))}
      </TextField>
      <FechaCampo
        id="plan-inicio"
        label={t('fields.PLANEMPRESA_INICIO')}
        value={inicio}
        onChange={setInicio}
        helperText={plan && esDia(inicio) ? t('vence_el', { caduca: caducaDesde(inicio, plan.PLAN_DIAS) }) : t('ayuda_inicio')}
        fullWidth
      />
      <PrecioCampo value={precioMostrado} onChange={setPrecio} />
      <PagoObservacionCampos empresa={empresa} estado={pagoObservacion} />
      {clase === PLAN_CLASE.imprenta && <DocumentoCampo value={documento} onChange={setDocumento} />}
      {renovar && plan === undefined && !isPending && (
        <Typography variant="body2" color="warning.main">
          {t('renovar_retirado', { nombre: renovar.PLAN_NOMBRE })}
        </Typography>
      )}
    </PlanDialogo>
  );
}
