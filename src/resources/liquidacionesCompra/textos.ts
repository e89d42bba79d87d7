import { lectorDeTextos } from '../../i18n/textos';
import { textosCompra } from '../retenciones/textosCompra';

const COMPRA = textosCompra({ la: 'la liquidación de compra', nombre: 'Liquidación de compra', plural: 'liquidaciones de compra' });

/**
 * The liquidaciones de compra screens' own texts (Spanish), loaded with them. The lines, payments and totals are the
 * invoice form's pieces and speak with the invoice's texts.
 */
const TEXTOS = {
  ...COMPRA,
  lista: {
    ...COMPRA.lista,
    vacio_texto:
      'Una liquidación de compra respalda lo que su empresa compra a quien no puede facturar (una persona con cédula o pasaporte, un proveedor del exterior): su empresa la emite, con sus líneas, su IVA y sus formas de pago.',
  },
  show: {
    ...COMPRA.show,
    lineas: 'Detalle',
    pagos: 'Formas de pago',
    adicional: 'Información adicional',
    retener: 'Retener',
    retencion: 'Retención %{numero}',
    retencion_borrador: 'Retención en borrador',
  },
  form: {
    ...COMPRA.form,
    buscar_proveedor: 'Nombre, cédula o pasaporte',
    proveedor_ayuda: 'Solo proveedores con cédula, pasaporte o identificación del exterior: quien tiene RUC entrega su factura',
    sin_proveedores: 'No hay proveedores sin RUC que coincidan',
    subtotal_tarifa: 'Subtotal %{nombre}',
    subtotal_sin_impuestos: 'Subtotal sin impuestos',
    descuentos: 'Descuentos',
  },
  columnas: {
    codigo: 'Código',
    descripcion: 'Descripción',
    cantidad: 'Cantidad',
    precio: 'Precio unitario',
    descuento: 'Descuento',
    iva: 'IVA',
    subtotal: 'Subtotal',
  },
};

/** A text of these screens by its path ("form.proveedor"). */
export const texto = lectorDeTextos(TEXTOS);
