/**
 * The comprobante de retención's messages, in Spanish: the form shows them as the user types and the server answers
 * them. A message about a support document carries its number ("Documento 2: …"), and one about a withholding both
 * ("Documento 1, retención 2: …").
 */
export const enDocumento = (documento: number, texto: string) => `Documento ${documento}: ${texto}`;
export const enRetencion = (documento: number, retencion: number, texto: string) =>
  `Documento ${documento}, retención ${retencion}: ${texto}`;

export const RETENCIONES_MSG = {
  sinDocumentos: 'La retención debe tener al menos un documento de sustento.',
  sinRetenciones: 'indique al menos una retención.',
  sustentoDesconocido: (codigo: string) => `el sustento tributario «${codigo}» no existe en el catálogo del SRI.`,
  documentoNoRetenible: 'solo se retiene sobre facturas, notas de débito o liquidaciones de compra.',
  documentoRepetido: 'el documento ya está en esta retención.',
  documentoUnico: 'indique un documento recibido o una liquidación de compra, no ambos.',
  documentoInexistente: 'el documento no existe.',
  otroProveedor: (proveedor: string) => `el documento no es del proveedor de la retención (${proveedor}).`,
  liquidacionNoAutorizada: 'solo se retiene sobre una liquidación de compra autorizada por el SRI.',
  numeroDocumento: 'el número del documento debe tener la forma 001-001-000000123.',
  fechaDocumento: 'la fecha del documento no es una fecha válida.',
  anteriorADocumento: (fecha: string) => `la retención no puede tener fecha anterior a la del documento (${fecha}).`,
  codigoInexistente: 'el código de retención no existe.',
  codigoNoVigente: (codigo: string, fecha: string) => `el código de retención ${codigo} no está vigente el ${fecha}.`,
  baseFormato: 'la base imponible debe ser un número mayor que cero, con hasta 2 decimales, por ejemplo 100.50.',
  baseCero: 'la base imponible debe ser mayor que cero.',
  baseRentaExcede: (bases: string, maximo: string) =>
    `las bases de las retenciones en la renta (${bases}) superan el subtotal sin impuestos del documento (${maximo}).`,
  baseIvaExcede: (bases: string, maximo: string) =>
    `las bases de las retenciones de IVA (${bases}) superan el IVA del documento (${maximo}).`,
  baseIsdExcede: (bases: string, maximo: string) =>
    `las bases de las retenciones del ISD (${bases}) superan el total del documento (${maximo}).`,
  totalGrande: 'El total retenido supera el valor máximo que admite el SRI (999999999999.99).',
  totalesDistintos: (campo: string, mostrado: string, calculado: string) =>
    `El ${campo} que mostró el formulario (${mostrado}) no coincide con el calculado (${calculado}); revise la retención.`,
  tarde: (numero: string, fecha: string, dias: number) =>
    `La retención se emite ${dias} días después del documento ${numero} (${fecha}): la ley da 5 días desde que se recibe el comprobante.`,
  ya: (numero: string, retencion: string) =>
    `El documento ${numero} ya tiene la retención ${retencion}: anúlela o elimínela antes de retener otra vez.`,
  sinProveedor: 'El proveedor no existe.',
  proveedorIdentificacion: 'El proveedor debe tener RUC, cédula, pasaporte o identificación del exterior para recibir una retención.',
} as const;
