import { lectorDeTextos } from '../../i18n/textos';
import { textosNota } from '../../comprobantes/textosNotas';

const NOTA = textosNota({ la: 'la nota de débito', nombre: 'Nota de débito', plural: 'notas de débito' });

/** The debit notes' screens' own texts (Spanish), loaded with them; the field labels are in src/i18n/es.ts. */
const TEXTOS = {
  ...NOTA,
  form: {
    ...NOTA.form,
    motivos: 'Motivos',
    motivos_ayuda: 'Lo que se cobra además de la factura (intereses por mora, fletes, gastos...), cada uno con su IVA',
    razon: 'Razón de la modificación',
    razon_n: 'Razón, motivo %{numero}',
    valor: 'Valor sin IVA',
    valor_n: 'Valor sin IVA, motivo %{numero}',
    iva: 'IVA',
    iva_n: 'IVA, motivo %{numero}',
    agregar_motivo: 'Agregar motivo',
    quitar_motivo: 'Quitar el motivo %{numero}',
    pagos: 'Formas de pago',
    forma: 'Forma de pago',
    forma_n: 'Forma de pago %{numero}',
    pago_valor: 'Valor',
    pago_valor_n: 'Valor, forma de pago %{numero}',
    plazo: 'Plazo',
    unidad: 'Unidad',
    agregar_pago: 'Agregar forma de pago',
    quitar_pago: 'Quitar la forma de pago %{numero}',
    pagado: 'Formas de pago',
    por_pagar: 'Por pagar',
  },
  show: {
    ...NOTA.show,
    motivos: 'Motivos',
    pagos: 'Formas de pago',
    razon: 'Razón de la modificación',
    valor: 'Valor de la modificación',
  },
};

export const texto = lectorDeTextos(TEXTOS);
