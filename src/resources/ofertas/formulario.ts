/**
 * The quote form's values, what they compute to and what the API takes: the invoice's lines and calculation
 * (calcularFactura, which the server repeats and compares), a client, a date, a validity date and notes; no payments.
 */
import { hoyEcuador, sumarDias } from '../../../domain/fechas';
import { OFERTAS_MSG, type OfertaBorrador, type OfertaDetalle } from '../../../domain/contratos/ofertas';
import { avisosDe, calcular, facturaToWire, lineaDe, lineaVacia, type FacturaForm, type LineaForm } from '../facturas/formulario';

/**
 * Whether the quote may still be edited (the server's rule): not invoiced, and a draft or sent, or expired (a new
 * validity offers it again).
 */
export const esEditable = (oferta: Pick<OfertaDetalle, 'OFE_ESTADO' | 'FAC_CODIGO'>) =>
  oferta.FAC_CODIGO === null && ['BORRADOR', 'ENVIADA', 'VENCIDA'].includes(oferta.OFE_ESTADO);

/** How long a new quote is valid unless the user says otherwise. */
const DIAS_VALIDEZ = 15;

export type OfertaForm = {
  CLI_CODIGO: number | '';
  OFE_FECHA: string;
  OFE_VALIDEZ: string;
  OFE_NOTAS: string;
  lineas: LineaForm[];
};

export const nuevaOferta = (hoy = hoyEcuador()): OfertaForm => ({
  CLI_CODIGO: '',
  OFE_FECHA: hoy,
  OFE_VALIDEZ: sumarDias(hoy, DIAS_VALIDEZ),
  OFE_NOTAS: '',
  lineas: [lineaVacia()],
});

/** The invoice form the shared lines editor and totals read: the quote's lines, no payments. */
const comoFactura = (values: Partial<OfertaForm>): FacturaForm => ({
  PEM_CODIGO: '',
  CLI_CODIGO: values.CLI_CODIGO ?? '',
  FAC_FECHA: values.OFE_FECHA ?? '',
  lineas: values.lineas ?? [],
  pagos: [],
  FAC_ADICIONAL: [],
});

/** A saved quote's values, to edit it. */
export const formDe = (oferta: OfertaDetalle): OfertaForm => ({
  CLI_CODIGO: oferta.CLI_CODIGO,
  OFE_FECHA: oferta.OFE_FECHA,
  OFE_VALIDEZ: oferta.OFE_VALIDEZ,
  OFE_NOTAS: oferta.OFE_NOTAS ?? '',
  lineas: oferta.lineas.map(lineaDe),
});

/** The quote as POST/PUT /api/ofertas take it, with the totals the form showed for these same lines. */
export function ofertaToWire(values: OfertaForm): OfertaBorrador {
  const { lineas, totalSinImpuestos, totalDescuento, totalIva, importeTotal } = facturaToWire(comoFactura(values));
  const notas = values.OFE_NOTAS.trim();
  return {
    CLI_CODIGO: Number(values.CLI_CODIGO),
    OFE_FECHA: values.OFE_FECHA,
    OFE_VALIDEZ: values.OFE_VALIDEZ,
    OFE_NOTAS: notas || null,
    lineas,
    totalSinImpuestos,
    totalDescuento,
    totalIva,
    importeTotal,
  };
}

/**
 * react-admin's form-level validation: client and dates required, the validity not before the date, and the lines'
 * rules under `_detalle` (the lines show their own messages); the payments' rules do not apply to a quote.
 */
export function validarOferta(values: OfertaForm, requerido: string, sinDescripcion: (linea: number) => string) {
  const errores: Record<string, string> = {};
  if (!values.CLI_CODIGO) errores.CLI_CODIGO = requerido;
  if (!values.OFE_FECHA) errores.OFE_FECHA = requerido;
  if (!values.OFE_VALIDEZ) errores.OFE_VALIDEZ = requerido;
  else if (values.OFE_FECHA && values.OFE_VALIDEZ < values.OFE_FECHA) errores.OFE_VALIDEZ = OFERTAS_MSG.validez;
  const factura = comoFactura(values);
  const avisos = avisosDe(factura, calcular(factura), sinDescripcion);
  const primero = [...avisos.lineas.values()][0]?.[0] ?? avisos.generales[0];
  if (primero) errores._detalle = primero;
  return errores;
}
