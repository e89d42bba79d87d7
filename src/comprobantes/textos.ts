import { lectorDeTextos } from '../i18n/textos';

/**
 * The texts every SRI document's screens share (Spanish). The states, the email's states and the SRI's messages read
 * the same for an invoice and a note; what names the document ("la factura", "la nota de crédito") comes from
 * `textosDocumento`, which each document type's own catalogue spreads in. All three names are feminine, so one
 * sentence fits them all.
 */
const COMUNES = {
  estados: {
    BORRADOR: 'Borrador',
    FIRMADA: 'Firmada',
    ENVIADA: 'Enviada',
    RECIBIDA: 'Recibida',
    AUTORIZADA: 'Autorizada',
    DEVUELTA: 'Devuelta',
    NO_AUTORIZADA: 'No autorizada',
    RECHAZADA: 'No autorizada',
    ANULADA: 'Anulada',
    SIN_RESPUESTA: 'Sin respuesta del SRI',
  },
  /** What the chip's tooltip explains. */
  estados_ayuda: {
    BORRADOR: 'Aún no tiene número ni validez tributaria',
    FIRMADA: 'Firmada: en cola para enviarse al SRI',
    ENVIADA: 'Enviándose al SRI',
    RECIBIDA: 'Recibida por el SRI: esperando su autorización',
    DEVUELTA: 'El SRI la devolvió: corríjala y vuelva a enviarla',
    AUTORIZADA: 'Autorizada por el SRI',
    RECHAZADA: 'Rechazada: el SRI no la autorizó. Corríjala y vuelva a enviarla',
    ANULADA: 'Anulada en el portal del SRI',
    SIN_RESPUESTA: 'El SRI la recibió y en 24 horas no la autorizó: consúltela en el portal del SRI',
  },
  entregas: {
    PENDIENTE: 'Enviando el correo al comprador',
    ENVIADA: 'Correo enviado al comprador',
    SIN_CORREO: 'Sin correo: el comprador no tiene correo electrónico',
    FALLIDA: 'El envío del correo falló',
  },
  sri: {
    mensajes: 'Lo que dice el SRI',
    que_hacer: 'Qué hacer:',
    codigo: 'Código %{codigo}',
    sin_mensajes: 'El SRI no dio más detalles.',
  },
};

/** A text shared by every document's screens, by its path ("estados.AUTORIZADA"). */
export const textoComun = lectorDeTextos(COMUNES);

/** How the texts name a document: `la` with its article ("la factura"), `nombre` capitalized ("Factura"). */
export type NombresDocumento = { la: string; nombre: string };

/**
 * The document's texts about its life at the SRI: issuing, the SRI panel, the email, marking it annulled. Each document
 * type's catalogue spreads them (`show` is merged with its own).
 */
export function textosDocumento({ la, nombre }: NombresDocumento) {
  const documento = la.replace(/^la /, '');
  return {
    ...COMUNES,
    show: {
      clave: 'Clave de acceso',
      emitir: 'Emitir',
      emitiendo: 'Emitiendo...',
      emitir_titulo: `¿Emitir ${la}?`,
      emitir_texto:
        'Se le asigna el siguiente número del punto de emisión, se firma con la firma electrónica de su empresa y se envía al SRI. Cuando el SRI la autoriza, consume un comprobante de su plan. Después solo se puede corregir si el SRI la devuelve.',
      emitida: `${nombre} %{numero} emitida`,
      no_emitida: `No se pudo emitir ${la}`,
      borrador_aviso: 'Borrador: aún no tiene número ni validez tributaria. Emítalo para asignarle el número y firmarlo.',
      xml_firmado: 'XML firmado',
      ride_corto: 'RIDE (PDF)',
      xml_autorizado: 'XML autorizado',
    },
    sri: {
      ...COMUNES.sri,
      panel: 'Estado en el SRI',
      enviando: 'Enviando al SRI…',
      esperando: 'Esperando la autorización del SRI…',
      firmada_texto: `${la[0].toUpperCase()}${la.slice(1)} está firmada y en cola: se envía al SRI en unos segundos.`,
      recibida_texto: 'El SRI la recibió y la está revisando. Esta página se actualiza sola.',
      intento: 'Intento %{intentos}',
      proximo: 'Próximo intento: %{cuando}',
      ultimo_error: 'Último error: %{error}',
      paso_ENVIAR: 'Envío al SRI',
      paso_AUTORIZAR: 'Consulta de la autorización',
      paso_ENTREGAR: 'Envío del correo al comprador',
      autorizada: 'Autorizada por el SRI',
      numero_autorizacion: 'Número de autorización',
      fecha_autorizacion: 'Fecha de autorización',
      devuelta: `El SRI devolvió ${la}`,
      devuelta_texto: 'La recepción del SRI no la aceptó. No tiene validez tributaria hasta que la corrija y la vuelva a enviar.',
      rechazada: `El SRI no autorizó ${la}`,
      rechazada_texto: 'El SRI la recibió pero no la autorizó. Corríjala y vuelva a enviarla; conserva su número.',
      advertencias: 'Observaciones del SRI',
      corregir: 'Corregir',
      reenviar: 'Volver a enviar',
      reenviando: 'Enviando...',
      reenviar_titulo: `¿Volver a enviar ${la} al SRI?`,
      reenviar_texto:
        'Se firma otra vez con la firma electrónica de su empresa, con su mismo número, y se envía al SRI. Hágalo después de corregir lo que indicó el SRI.',
      reenviada: `${nombre} %{numero} enviada otra vez al SRI`,
      no_reenviada: `No se pudo volver a enviar ${la}`,
      sin_respuesta: `El SRI no ha autorizado ${la}`,
      sin_respuesta_texto: `El SRI la recibió el %{fecha} y, pasadas 24 horas, no informa su autorización, así que Amelia dejó de consultarle. Mientras no esté autorizada, ${la} no tiene validez tributaria.`,
      sin_respuesta_paso_1: `Busque ${la} por su clave de acceso en el portal SRI en línea (srienlinea.sri.gob.ec), en Facturación electrónica.`,
      sin_respuesta_paso_2: `Si allí aparece autorizada, pulse «Consultar de nuevo»: Amelia trae la autorización y envía ${la} al comprador.`,
      sin_respuesta_paso_3: `Si el SRI no la tiene registrada, comuníquese con el SRI antes de emitir otra ${documento} por la misma venta. Puede pulsar «Consultar de nuevo» cuando quiera.`,
      consultar: 'Consultar de nuevo',
      consultando: 'Consultando...',
      consultada: 'Se consulta otra vez al SRI',
      no_consultada: 'No se pudo consultar otra vez al SRI',
      anulada: 'Anulada',
      anulada_texto: `Esta ${documento} fue anulada en el portal del SRI el %{fecha}. No suma al saldo del cliente ni a los totales.`,
      motivo: 'Motivo',
    },
    entrega: {
      titulo: 'Correo al comprador',
      ENVIADA: 'Enviado a %{para} el %{fecha}',
      ENVIADA_sin_para: 'Enviado el %{fecha}',
      SIN_CORREO: 'Sin correo: el comprador no tiene correo electrónico registrado.',
      FALLIDA: 'Falló: %{motivo}',
      PENDIENTE: 'Enviando el correo con el XML autorizado y el RIDE…',
      sin_dato: 'Aún no se ha enviado.',
      enviar: 'Enviar por correo',
      dialogo_titulo: `Enviar ${la} por correo`,
      dialogo_texto: 'Se envían el XML autorizado y el RIDE (PDF). Sin otra dirección se envían a los correos del comprador: %{correos}.',
      dialogo_sin_correos: 'Se envían el XML autorizado y el RIDE (PDF). El comprador no tiene correo: escriba a quién enviarla.',
      para: 'Otra dirección (opcional)',
      para_ayuda: 'Varias separadas por comas',
      enviar_boton: 'Enviar',
      enviada: `${nombre} enviada por correo`,
    },
    anular: {
      boton: 'Marcar como anulada',
      titulo: `Marcar ${la} como anulada`,
      texto: `Primero anule ${la} en el portal SRI en línea (Facturación electrónica → Anulación de comprobantes electrónicos). Cuando allí conste como anulada, regístrelo aquí: ${la} deja de sumar en el saldo del cliente y en los totales, sigue en la lista y conserva su número.`,
      motivo: 'Motivo de la anulación',
      motivo_ayuda: 'Obligatorio; hasta 300 caracteres',
      motivo_requerido: `Escriba por qué se anuló ${la}.`,
      confirmar: 'Marcar como anulada',
      anulada: `${nombre} marcada como anulada`,
    },
  };
}
