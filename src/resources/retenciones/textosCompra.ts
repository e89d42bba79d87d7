import { textosDocumento, type NombresDocumento } from '../../comprobantes/textos';

/**
 * The texts both purchase documents' screens share (a retención, a liquidación de compra), naming the document (`la`,
 * `nombre`, `plural`): they go to a supplier, not to a buyer, so the email's and the annulment's sentences say so.
 */
export function textosCompra({ la, nombre, plural }: NombresDocumento & { plural: string }) {
  const documento = textosDocumento({ la, nombre });
  const una = la.replace(/^la /, 'una ');
  const sin = la.replace(/^la /, '');
  return {
    ...documento,
    borrador: 'Borrador',
    titulo: nombre,
    entregas: {
      ...documento.entregas,
      PENDIENTE: 'Enviando el correo al proveedor',
      ENVIADA: 'Correo enviado al proveedor',
      SIN_CORREO: 'Sin correo: el proveedor no tiene correo electrónico',
    },
    entrega: {
      ...documento.entrega,
      titulo: 'Correo al proveedor',
      SIN_CORREO: 'Sin correo: el proveedor no tiene correo electrónico registrado.',
      dialogo_texto: 'Se envían el XML autorizado y el RIDE (PDF). Sin otra dirección se envían a los correos del proveedor: %{correos}.',
      dialogo_sin_correos: 'Se envían el XML autorizado y el RIDE (PDF). El proveedor no tiene correo: escriba a quién enviarla.',
    },
    sri: {
      ...documento.sri,
      paso_ENTREGAR: 'Envío del correo al proveedor',
      sin_respuesta_paso_2: `Si allí aparece autorizada, pulse «Consultar de nuevo»: Amelia trae la autorización y envía ${la} al proveedor.`,
      anulada_texto: `Esta ${sin} fue anulada en el portal del SRI el %{fecha}. No suma en los totales.`,
    },
    anular: {
      ...documento.anular,
      texto: `Primero anule ${la} en el portal SRI en línea (Facturación electrónica → Anulación de comprobantes electrónicos). Cuando allí conste como anulada, regístrelo aquí: ${la} deja de sumar en los totales y en lo que se debe al proveedor, sigue en la lista y conserva su número.`,
    },
    campos: {
      FAC_NUMERO: 'Número',
      FAC_FECHA: 'Fecha',
      FAC_ESTADO: 'Estado',
      PRV_CODIGO: 'Proveedor',
      PRV_RAZON_SOCIAL: 'Proveedor',
      PEM_CODIGO: 'Punto de emisión',
      FAC_SUBTOTAL: 'Subtotal',
      FAC_IVA: 'IVA',
      FAC_TOTAL: 'Total',
      desde: 'Desde',
      hasta: 'Hasta',
    },
    lista: {
      buscar: 'Número, proveedor o identificación',
      resumen: `Totales de las ${plural} filtradas`,
      cuenta: `%{smart_count} ${sin} |||| %{smart_count} ${plural}`,
      anuladas: '%{smart_count} anulada no suma |||| %{smart_count} anuladas no suman',
      cargando_totales: 'Calculando totales...',
      subtotal: 'Subtotal',
      iva: 'IVA',
      total: 'Total',
      vacio_titulo: `Aún no hay ${plural}`,
    },
    show: {
      ...documento.show,
      emision: 'Emisión',
      proveedor: 'Proveedor',
      ver_proveedor: 'Ver el proveedor',
      totales: 'Totales',
      eliminar: 'Eliminar',
      eliminar_titulo: '¿Eliminar este borrador?',
      eliminar_texto: 'El borrador se elimina del todo. No se puede deshacer.',
      eliminado: 'Borrador eliminado',
    },
    form: {
      nueva: `Nueva ${sin}`,
      editar: `Borrador de ${una.replace(/^una /, '')}`,
      corregir: `Corregir la ${sin} %{numero}`,
      corregir_aviso: `Corrija lo que indicó el SRI y guarde: ${la} conserva el número %{numero}; después, vuelva a enviarla desde su página.`,
      proveedor: 'Proveedor',
      fecha: 'Fecha de emisión',
      total: 'Valor total',
      guardar: 'Guardar borrador',
      guardar_correccion: 'Guardar corrección',
      emitida: `Esta ${sin} ya fue emitida y no se puede modificar.`,
      ver: `Ver la ${sin}`,
      nuevo_proveedor: 'Nuevo proveedor',
    },
  };
}
