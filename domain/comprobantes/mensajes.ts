/**
 * What the core says of any document while issuing, asking the SRI again or marking it annulled, with the type's name
 * ("factura", "nota de crédito", "nota de débito": all feminine, so "la"/"esta" fit each). For a factura the words are
 * exactly those the invoices always said.
 */
export const COMPROBANTES_MSG = {
  yaEmitida: (nombre: string) => `La ${nombre} ya fue emitida.`,
  enProceso: (nombre: string) => `La ${nombre} está en manos del SRI: espere su respuesta antes de modificarla.`,
  sinFirma: (nombre: string) =>
    `Su empresa no tiene una firma electrónica para firmar la ${nombre}. Suba su firma electrónica en Firma electrónica y vuelva a emitirla.`,
  firmaInvalida: (motivo: string) => `${motivo} Suba su firma electrónica en Firma electrónica y vuelva a emitirla.`,
  firmaCambiando: (nombre: string) => `La firma electrónica de su empresa cambió mientras se firmaba la ${nombre}. Vuelva a emitirla.`,
  esquema: (nombre: string) => `El SRI rechazaría esta ${nombre}: `,
  soloSinRespuesta: (nombre: string) =>
    `Solo se vuelve a consultar al SRI una ${nombre} que quedó sin respuesta; esta ya tiene la suya o la está esperando.`,
  soloAutorizadaAnulable: (nombre: string) => `Solo una ${nombre} autorizada se puede marcar como anulada.`,
  anulacionMotivo: (nombre: string) => `Escriba por qué se anuló la ${nombre}.`,
  conCobros: (nombre: string) => `La ${nombre} tiene cobros registrados: anúlelos primero en el estado de cuenta del cliente.`,
  conNotas: (nombre: string) =>
    `La ${nombre} tiene notas de crédito o débito emitidas: anúlelas primero en el portal del SRI y márquelas como anuladas.`,
} as const;
