import { lectorDeTextos } from '../../i18n/textos';
import { textosNota } from '../../comprobantes/textosNotas';

const NOTA = textosNota({ la: 'la nota de crédito', nombre: 'Nota de crédito', plural: 'notas de crédito' });

/** The credit notes' screens' own texts (Spanish), loaded with them; the field labels are in src/i18n/es.ts. */
const TEXTOS = {
  ...NOTA,
  form: {
    ...NOTA.form,
    modo: 'Qué acredita',
    devolucion: 'Devolución',
    devolucion_ayuda: 'Productos o servicios devueltos: la cantidad de cada línea de la factura',
    descuento: 'Descuento',
    descuento_ayuda: 'Un valor que se rebaja de la factura, con su tarifa de IVA',
    lineas: 'Líneas de la factura',
    vendida: 'Vendida',
    queda: 'Por devolver',
    devolver: 'Cantidad a devolver',
    devolver_linea: 'Cantidad a devolver, línea %{numero}: %{descripcion}',
    todo: 'Devolver todo',
    valor: 'Valor sin IVA',
    iva: 'IVA',
    valor_n: 'Valor sin IVA, descuento %{numero}',
    iva_n: 'IVA, descuento %{numero}',
    agregar_descuento: 'Agregar otra tarifa',
    quitar_descuento: 'Quitar el descuento %{numero}',
    nada: 'Indique qué devuelve o el valor del descuento.',
  },
  show: {
    ...NOTA.show,
    lineas: 'Detalle',
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

export const texto = lectorDeTextos(TEXTOS);
