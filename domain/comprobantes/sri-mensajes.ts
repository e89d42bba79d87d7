/**
 * The SRI's messages (reception and authorization) as stored, and what each asks the user to do, in plain Spanish:
 * the SRI says "FECHA EMISIÓN EXTEMPORANEA"; the user needs to know to change the date and send it again.
 */
export type MensajeSriGuardado = {
  identificador: string;
  mensaje: string;
  informacionAdicional: string | null;
  tipo: string;
};

/** The SRI's codes we know (its catalogue of reception and authorization errors). */
export const AYUDA_SRI: Record<string, string> = {
  '2': 'El SRI indica que el RUC de su empresa no está activo. Revise su situación en el SRI antes de volver a enviarla.',
  '10': 'El establecimiento está clausurado en el SRI: emita desde otro establecimiento.',
  '26': 'El documento es demasiado grande para el SRI: divídalo en varias facturas.',
  '35': 'El documento no cumple el formato del SRI. Revise los datos señalados, corríjalos y vuelva a enviarla.',
  '36': 'La versión del formato ya no se acepta: vuelva a enviarla (se firmará con la versión vigente).',
  '37': 'Su empresa no está autorizada para emitir comprobantes electrónicos en este ambiente. Solicítelo en el portal del SRI.',
  '39': 'La firma electrónica no es válida. Revise su firma en Firma electrónica y vuelva a enviarla.',
  '40': 'El certificado de su firma electrónica tiene un problema. Suba una firma vigente y vuelva a enviarla.',
  '42': 'El certificado de su firma electrónica fue revocado. Suba una firma vigente y vuelva a enviarla.',
  '43': 'El SRI ya tiene esta clave de acceso: Amelia consultará su autorización.',
  '45': 'Ese número de factura ya está autorizado en el SRI. Corrija la factura: se emitirá con otro número.',
  '46': 'El SRI no encuentra el RUC de su empresa. Revise el RUC en Mi empresa.',
  '52': 'Los totales no cuadran para el SRI. Revise las líneas y los valores y vuelva a enviarla.',
  '56': 'El establecimiento está cerrado en el SRI: emita desde un establecimiento abierto.',
  '58': 'La clave de acceso no es válida. Vuelva a enviarla: se generará de nuevo.',
  '65': 'La fecha de emisión está fuera del plazo que acepta el SRI. Corrija la fecha (hoy o en los últimos 90 días) y vuelva a enviarla.',
  '67': 'La fecha de emisión no es válida. Corríjala y vuelva a enviarla.',
  '70': 'El SRI todavía está procesando esta factura: Amelia consultará su autorización.',
  '80': 'La clave de acceso no es válida. Vuelva a enviarla: se generará de nuevo.',
};

/** The messages with what to do added, for the API and the screen. */
export const conAyuda = (mensajes: MensajeSriGuardado[]) => mensajes.map((m) => ({ ...m, ayuda: AYUDA_SRI[m.identificador] ?? null }));
