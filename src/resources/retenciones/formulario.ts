/**
 * The retención form's values, what they compute to (calcularRetencion, the server's own calculation) and what the API
 * takes. Each support document travels whole in the form (as GET /api/retenciones/sustentos gave it): its subtotal and
 * IVA prefill the bases and bound them; the bases stay as the user typed them ("12,5").
 */
import type { CodigoRetencionVigente as CodigoTabla } from '../../../domain/contratos/codigosRetencion';
import type { DocumentoSustento, RetencionBorrador, RetencionDetalle } from '../../../domain/contratos/retenciones';
import { hoyEcuador } from '../../../domain/fechas';
import { calcularRetencion, IMPUESTO_RETENCION, type CodigoRetencionVigente, type RetencionCalculo } from '../../../domain/retenciones';
import { leerNumero } from '../../ui/numeros';

/** A row of the codes' table as the calculation reads it. */
export type CodigoForm = CodigoRetencionVigente;

/** A withholding: its tax, the code chosen (its row kept whole, so the form computes without asking), the base typed. */
export type RetencionLineaForm = { impuesto: string; RCO_ID: number | ''; codigo: CodigoForm | null; RDE_BASE: string };
export type SustentoForm = { documento: DocumentoSustento; RSU_SUSTENTO: string; retenciones: RetencionLineaForm[] };

export type RetencionForm = {
  PEM_CODIGO: number | '';
  FAC_FECHA: string;
  PRV_CODIGO: number | '';
  sustentos: SustentoForm[];
};

export const nuevaRetencion = (): RetencionForm => ({ PEM_CODIGO: '', FAC_FECHA: hoyEcuador(), PRV_CODIGO: '', sustentos: [] });

/** The base a new withholding starts with: the document's subtotal for renta, its IVA for IVA. */
export const basePorDefecto = (documento: DocumentoSustento, impuesto: string) =>
  impuesto === IMPUESTO_RETENCION.iva ? documento.iva : documento.totalSinImpuestos;

export const lineaNueva = (documento: DocumentoSustento, impuesto: string): RetencionLineaForm => ({
  impuesto,
  RCO_ID: '',
  codigo: null,
  RDE_BASE: basePorDefecto(documento, impuesto),
});

/**
 * A support document chosen: «crédito tributario para declaración de IVA» (what most purchases declare), one income
 * tax withholding on its subtotal and, when it carries IVA, one IVA withholding on it.
 */
export function sustentoNuevo(documento: DocumentoSustento): SustentoForm {
  const retenciones = [lineaNueva(documento, IMPUESTO_RETENCION.renta)];
  if (Number(documento.iva) > 0) retenciones.push(lineaNueva(documento, IMPUESTO_RETENCION.iva));
  return { documento, RSU_SUSTENTO: '01', retenciones };
}

/** Whether two support documents are the same one (a received document or an own liquidación). */
export const mismoDocumento = (a: Pick<DocumentoSustento, 'REC_CODIGO' | 'RSU_LIQUIDACION'>, b: typeof a) =>
  (a.REC_CODIGO != null && a.REC_CODIGO === b.REC_CODIGO) || (a.RSU_LIQUIDACION != null && a.RSU_LIQUIDACION === b.RSU_LIQUIDACION);

/** A row of GET /api/codigosRetencion as the calculation reads it. */
export const codigoDe = (c: CodigoTabla): CodigoForm => ({
  id: c.RCO_ID,
  impuesto: c.RCO_IMPUESTO,
  codigo: c.RCO_CODIGO,
  porcentaje: c.RCO_PORCENTAJE,
  desde: c.RCO_DESDE,
  hasta: c.RCO_HASTA,
  concepto: c.RCO_CONCEPTO,
});

export const calcular = (values: Partial<RetencionForm>): RetencionCalculo =>
  calcularRetencion(
    (values.sustentos ?? []).map((s) => ({
      codSustento: s.RSU_SUSTENTO,
      documento: { ...s.documento, codDoc: s.documento.codDocSustento },
      retenciones: (s.retenciones ?? []).map((r) => ({ codigo: r.codigo, base: r.RDE_BASE ?? '' })),
    })),
    values.FAC_FECHA ?? '',
  );

const limpio = (valor: unknown) => String(valor ?? '').trim();
const numero = (valor: unknown) => leerNumero(limpio(valor)) ?? limpio(valor);

/** The draft as POST/PUT /api/retenciones take it, with the totals the form showed. */
export function retencionToWire(values: RetencionForm): RetencionBorrador {
  const calculo = calcular(values);
  return {
    PRV_CODIGO: Number(values.PRV_CODIGO),
    PEM_CODIGO: Number(values.PEM_CODIGO),
    FAC_FECHA: values.FAC_FECHA,
    sustentos: values.sustentos.map((s) => ({
      REC_CODIGO: s.documento.REC_CODIGO,
      RSU_LIQUIDACION: s.documento.RSU_LIQUIDACION,
      RSU_SUSTENTO: s.RSU_SUSTENTO,
      retenciones: s.retenciones.map((r) => ({ RCO_ID: Number(r.RCO_ID), RDE_BASE: numero(r.RDE_BASE) })),
    })),
    totales: { FAC_SUBTOTAL: calculo.renta, FAC_IVA: calculo.iva, FAC_TOTAL: calculo.total },
  };
}

/** A saved draft's values. */
export function formDe(retencion: RetencionDetalle): RetencionForm {
  return {
    PEM_CODIGO: retencion.PEM_CODIGO,
    FAC_FECHA: retencion.FAC_FECHA,
    PRV_CODIGO: retencion.PRV_CODIGO,
    sustentos: retencion.sustentos.map(({ RSU_SUSTENTO, retenciones, ...documento }) => ({
      documento,
      RSU_SUSTENTO,
      retenciones: retenciones.map((r) => ({
        impuesto: r.RDE_IMPUESTO,
        RCO_ID: r.RCO_ID ?? '',
        // As applied; the table's row replaces it once the day's codes arrive (CodigoInput).
        codigo:
          r.RCO_ID == null
            ? null
            : {
                id: r.RCO_ID,
                impuesto: r.RDE_IMPUESTO,
                codigo: r.RDE_CODIGO,
                porcentaje: r.RDE_PORCENTAJE,
                desde: retencion.FAC_FECHA,
                hasta: null,
              },
        RDE_BASE: r.RDE_BASE,
      })),
    })),
  };
}

/** What `?documento=` asks for: the support document a «Retener» button opened the form with. */
export function pedidoDe(source: string | null): { REC_CODIGO?: number; RSU_LIQUIDACION?: number } | undefined {
  if (!source) return undefined;
  try {
    const s = (JSON.parse(source) as { sustentos?: Array<{ REC_CODIGO?: unknown; RSU_LIQUIDACION?: unknown }> }).sustentos?.[0];
    if (Number(s?.REC_CODIGO) > 0) return { REC_CODIGO: Number(s!.REC_CODIGO) };
    if (Number(s?.RSU_LIQUIDACION) > 0) return { RSU_LIQUIDACION: Number(s!.RSU_LIQUIDACION) };
  } catch {
    // A hand-written address that is no JSON opens an empty form.
  }
  return undefined;
}
