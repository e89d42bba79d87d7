import { lectorDeTextos } from '../../i18n/textos';
import { textosCompra } from './textosCompra';

const COMPRA = textosCompra({ la: 'la retención', nombre: 'Retención', plural: 'retenciones' });

/** The retenciones screens' own texts (Spanish), loaded with them; src/i18n/es.ts has only the resource's name. */
const TEXTOS = {
  ...COMPRA,
  campos: {
    ...COMPRA.campos,
    DOCUMENTOS: 'Documentos',
    PERIODO_FISCAL: 'Período fiscal',
    FAC_SUBTOTAL: 'Renta',
    FAC_IVA: 'IVA',
    FAC_TOTAL: 'Total retenido',
  },
  lista: {
    ...COMPRA.lista,
    buscar: 'Número, proveedor o documento',
    renta: 'Renta',
    iva: 'IVA',
    total: 'Total retenido',
    vacio_texto:
      'Un comprobante de retención retiene el impuesto a la renta y el IVA de lo que su empresa compra: créelo aquí eligiendo al proveedor y sus facturas recibidas, o con «Retener» desde un documento recibido o una liquidación de compra.',
  },
  show: {
    ...COMPRA.show,
    periodo: 'Período fiscal',
    sustentos: 'Documentos de sustento',
    documento: '%{tipo} %{numero} del %{fecha}',
    sustento: 'Sustento tributario',
    retenciones: 'Retenciones',
    impuesto: 'Impuesto',
    codigo: 'Código',
    concepto: 'Concepto',
    base: 'Base imponible',
    porcentaje: '%',
    valor: 'Valor retenido',
    avisos: 'Antes de emitirla',
  },
  form: {
    ...COMPRA.form,
    buscar_proveedor: 'Nombre o identificación',
    elija_proveedor:
      'Elija al proveedor: se listan sus facturas y notas de débito recibidas, y sus liquidaciones de compra, que aún no tienen retención.',
    disponibles: 'Documentos por retener',
    disponibles_ayuda: 'Marque los documentos de este proveedor sobre los que retiene',
    sin_disponibles: 'Este proveedor no tiene documentos por retener: registre su factura en Documentos recibidos.',
    cargando: 'Buscando los documentos del proveedor...',
    documento: '%{tipo} %{numero}',
    documento_detalle: '%{fecha} · Subtotal %{subtotal} · IVA %{iva} · Total %{total}',
    sustento: 'Sustento tributario',
    sustento_n: 'Sustento tributario del documento %{numero}',
    impuesto: 'Impuesto',
    impuesto_n: 'Impuesto, documento %{documento}, retención %{numero}',
    codigo: 'Código de retención',
    codigo_n: 'Código, documento %{documento}, retención %{numero}',
    sin_codigos: 'Ningún código vigente coincide',
    base: 'Base imponible',
    base_n: 'Base imponible, documento %{documento}, retención %{numero}',
    porcentaje: 'Porcentaje',
    valor: 'Valor retenido',
    valor_n: 'Valor retenido, documento %{documento}, retención %{numero}',
    agregar: 'Agregar retención',
    quitar: 'Quitar la retención %{numero} del documento %{documento}',
    quitar_documento: 'Quitar el documento %{numero}',
    totales: 'Totales',
    renta: 'Impuesto a la renta retenido',
    iva: 'IVA retenido',
    isd: 'ISD retenido',
    total: 'Total retenido',
    avisos: 'Tenga en cuenta',
    elija_documento: 'Marque al menos un documento sobre el que retiene.',
  },
};

/** A text of these screens by its path ("form.codigo"). */
export const texto = lectorDeTextos(TEXTOS);
