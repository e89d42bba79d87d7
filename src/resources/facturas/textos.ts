/**
 * The invoices screens' own texts (Spanish), loaded with the screens: the field labels stay in src/i18n/es.ts
 * (resources.facturas), which every area loads at start and which has a size budget.
 */
const TEXTOS = {
  borrador: 'Borrador',
  titulo: 'Factura',
  sin_dato: 'Sin registrar',
  estados: {
    BORRADOR: 'Borrador',
    FIRMADA: 'Firmada',
    ENVIADA: 'Enviada',
    RECIBIDA: 'Recibida',
    AUTORIZADA: 'Autorizada',
    DEVUELTA: 'Devuelta',
    NO_AUTORIZADA: 'No autorizada',
    ANULADA: 'Anulada',
  },
  lista: {
    buscar: 'Número, comprador o identificación',
    resumen: 'Totales de las facturas filtradas',
    facturas: '%{smart_count} factura |||| %{smart_count} facturas',
    cargando_totales: 'Calculando totales...',
    subtotal: 'Subtotal',
    iva: 'IVA',
    total: 'Total',
  },
  form: {
    nueva: 'Nueva factura',
    editar: 'Borrador de factura',
    comprador: 'Comprador',
    buscar_comprador: 'Escriba el nombre o la identificación',
    consumidor_final: 'Consumidor final',
    cliente_nuevo: 'Nuevo cliente',
    cliente_crear: 'Crear cliente',
    cliente_creado: 'Cliente %{nombre} creado',
    sin_puntos: 'Su usuario no tiene puntos de emisión habilitados: pida al administrador de su empresa que le asigne uno.',
    lineas: 'Detalle',
    describa: 'describa el producto o servicio.',
    agregar_linea: 'Agregar línea',
    quitar_linea: 'Quitar la línea %{numero}',
    linea: 'Línea %{numero}',
    buscar_producto: 'Escriba para buscar en su catálogo o describa libremente',
    pagos: 'Formas de pago',
    agregar_pago: 'Agregar forma de pago',
    quitar_pago: 'Quitar la forma de pago %{numero}',
    completar_pago: 'Completar con lo que falta por pagar',
    adicional: 'Información adicional',
    agregar_campo: 'Agregar campo',
    quitar_campo: 'Quitar el campo %{numero}',
    totales: 'Totales',
    subtotal_tarifa: 'Subtotal %{nombre}',
    subtotal_sin_impuestos: 'Subtotal sin impuestos',
    descuentos: 'Descuentos',
    iva: 'IVA',
    iva_tarifa: '%{nombre}',
    ice: 'ICE',
    propina: 'Propina',
    total: 'Total',
    pagado: 'Formas de pago',
    por_pagar: 'Por pagar',
    revise: 'Revise lo siguiente antes de guardar:',
    guardado: 'Borrador guardado',
    guardar: 'Guardar borrador',
    siguiente: 'Próximo número al emitir:',
    emitida: 'Esta factura ya fue emitida y no se puede modificar.',
    ver: 'Ver la factura',
  },
  show: {
    emisor: 'Emisión',
    comprador: 'Comprador',
    lineas: 'Detalle',
    pagos: 'Formas de pago',
    adicional: 'Información adicional',
    totales: 'Totales',
    clave: 'Clave de acceso',
    numero: 'Número',
    emitir: 'Emitir',
    emitiendo: 'Emitiendo...',
    emitir_titulo: '¿Emitir la factura?',
    emitir_texto:
      'Se le asigna el siguiente número del punto de emisión, se firma con la firma electrónica de su empresa y consume un comprobante de su plan. Después ya no se puede modificar.',
    emitida: 'Factura %{numero} emitida',
    no_emitida: 'No se pudo emitir la factura',
    xml: 'Descargar XML',
    ride: 'Descargar RIDE (PDF)',
    eliminar: 'Eliminar',
    eliminar_titulo: '¿Eliminar este borrador?',
    eliminar_texto: 'El borrador se elimina del todo. No se puede deshacer.',
    eliminado: 'Borrador eliminado',
    ambiente: 'Ambiente',
    autorizacion: 'Autorización',
    borrador_aviso: 'Borrador: aún no tiene número ni validez tributaria. Emítalo para asignarle el número y firmarlo.',
  },
  columnas: {
    codigo: 'Código',
    descripcion: 'Descripción',
    cantidad: 'Cantidad',
    precio: 'Precio unitario',
    descuento: 'Descuento',
    iva: 'IVA',
    subtotal: 'Subtotal',
    forma: 'Forma de pago',
    valor: 'Valor',
    plazo: 'Plazo',
    unidad: 'Unidad',
    nombre: 'Nombre',
    dato: 'Valor',
  },
};

type Catalogo = { [key: string]: string | Catalogo };

/**
 * A text by its path ("form.total"), with polyglot's rules: %{name} replaced from `options`, and "singular |||| plural"
 * chosen by smart_count. An unknown path is returned as it is.
 */
export function texto(path: string, options: object = {}): string {
  const values = options as Record<string, unknown>;
  let node: string | Catalogo | undefined = TEXTOS;
  for (const key of path.split('.')) node = typeof node === 'object' ? node[key] : undefined;
  if (typeof node !== 'string') return path;
  const [one, many = one] = node.split(' |||| ');
  const chosen = values.smart_count === undefined || values.smart_count === 1 ? one : many;
  return chosen.replace(/%\{(\w+)\}/g, (_, name: string) => String(values[name] ?? ''));
}
