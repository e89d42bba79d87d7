/**
 * The clients screens' own texts (Spanish), loaded with the screens: the field labels and the states stay in
 * src/i18n/es.ts (resources.clientes), which every area loads at start and which has a size budget.
 */
const TEXTOS = {
  aceptar: 'Aceptar',
  sin_dato: 'Sin registrar',
  lista: {
    buscar: 'Nombre, nombre comercial o identificación',
    sin_vendedor: 'Sin vendedor',
    exportar: 'Exportar',
    exportando: 'Exportando...',
    exportar_xlsx: 'Excel (.xlsx)',
    exportar_pdf: 'PDF',
    exportar_seleccion: 'Exportar selección',
    asignar: 'Asignar vendedor',
    asignar_titulo: 'Asignar vendedor a %{smart_count} cliente |||| Asignar vendedor a %{smart_count} clientes',
    activar: 'Activar',
    desactivar: 'Desactivar',
    confirmar_desactivar:
      '¿Desactivar %{smart_count} cliente? Dejará de ofrecerse al facturar; sus datos se conservan. |||| ¿Desactivar %{smart_count} clientes? Dejarán de ofrecerse al facturar; sus datos se conservan.',
    actualizados: '%{smart_count} cliente actualizado |||| %{smart_count} clientes actualizados',
  },
  form: {
    consultar: 'Consultar',
    consultando: 'Consultando...',
    consulta_llenada: 'Datos completados con la consulta; revíselos antes de guardar',
    ayuda_ruc: 'RUC de 13 dígitos: al completarlo se consulta en el SRI',
    ayuda_cedula: 'Cédula de 10 dígitos: al completarla se consulta en el Registro Civil',
    ayuda_otro: 'De 3 a 20 letras o números',
    usar_igual: 'Usar de todas formas',
    aceptar_requerido: 'Marque «Usar de todas formas» para guardar con este número',
    existente_titulo: 'Cliente ya registrado',
    existente_texto: 'Su empresa ya tiene un cliente con esta identificación. Puede abrirlo en lugar de crear otro.',
    abrir_existente: 'Abrir el cliente',
    ayuda_correos: 'Escriba un correo y presione Enter para agregar otro (hasta 10)',
    ayuda_telefonos: 'Escriba un teléfono y presione Enter para agregar otro (hasta 5)',
    demasiados_correos: 'Registre como máximo 10 correos',
    demasiados_telefonos: 'Registre como máximo 5 teléfonos',
    grupo_nuevo: 'Nuevo grupo',
    grupo_nombre: 'Nombre del grupo',
    limite_invalido: 'Escriba un valor en dólares, con hasta 2 decimales',
    ayuda_limite: '0 significa sin límite',
    ayuda_activo: 'Un cliente inactivo ya no se ofrece al facturar; sus datos y documentos se conservan.',
  },
  show: {
    datos: 'Datos del cliente',
    credito: 'Crédito',
    credito_dias: '%{smart_count} día de plazo |||| %{smart_count} días de plazo',
    contado: 'De contado',
    credito_limite: 'límite USD %{limite}',
    sin_limite: 'sin límite',
    consumidor_final: 'Consumidor final',
  },
  banderas: {
    titulo: 'Situación en el SRI',
    consultar: 'Consultar en el SRI',
    consultando: 'Consultando...',
    actualizadas: 'Situación en el SRI actualizada',
    ninguna: 'Sin marcas: no es empresa fantasma, contribuyente especial, agente de retención ni RIMPE',
    sin_consultar: 'Aún no se ha consultado en el SRI',
    estado: 'RUC %{estado}',
    inicio: 'inicio de actividades %{fecha}',
    consultado: 'Consultado el %{fecha}',
    no_disponibles: 'No respondieron por el momento: %{servicios}. Vuelva a consultar más tarde.',
  },
  documentos: {
    titulo: 'Documentos',
    subir: 'Subir documento',
    subiendo: 'Subiendo...',
    archivo: 'Documento del cliente',
    progreso: 'Progreso de la subida',
    ayuda: 'PDF, imágenes (JPG, PNG, WEBP) u Office de hasta 15 MB',
    vacio: 'El cliente no tiene documentos',
    subido: 'Documento %{nombre} guardado',
    descargar: 'Descargar %{nombre}',
    eliminar: 'Eliminar %{nombre}',
    eliminado: 'Documento eliminado',
    eliminar_titulo: 'Eliminar documento',
    eliminar_texto: '¿Eliminar %{nombre}? No se puede deshacer.',
  },
  envios: {
    titulo: 'Envíos',
    correo: 'Enviar correo',
    whatsapp: 'Enviar WhatsApp',
    historial: 'Historial de envíos',
    vacio: 'Aún no se ha enviado nada a este cliente',
    correo_titulo: 'Enviar correo a %{nombre}',
    whatsapp_titulo: 'Enviar WhatsApp a %{nombre}',
    para: 'Para',
    asunto: 'Asunto',
    mensaje: 'Mensaje',
    adjuntar: 'Adjuntar documentos',
    telefono: 'Teléfono',
    enviar: 'Enviar',
    enviando: 'Enviando',
    canal_correo: 'Correo',
    canal_whatsapp: 'WhatsApp',
  },
  eliminar: {
    boton: 'Eliminar',
    titulo: '¿Eliminar a %{nombre}?',
    texto: 'El cliente se elimina del todo. Si tiene documentos no se puede eliminar: desactívelo en su lugar.',
    eliminado: 'Cliente eliminado',
    error_titulo: 'Error',
    desactivar: 'Desactivar',
    desactivado: 'Cliente desactivado',
  },
  // The import dialog's common words are the shared dialog's (src/shell/ImportarDialog.tsx).
  importar: {
    boton: 'Importar',
    titulo: 'Importar clientes',
    explicacion:
      'Suba un archivo CSV o Excel con las columnas de la plantilla. Los clientes nuevos se crean y los que ya existen (misma identificación) se actualizan; las filas con errores se informan con su número de línea.',
    archivo: 'Archivo de clientes (.csv o .xlsx)',
    advertencias:
      '%{smart_count} cliente se guardó con un dígito verificador que no cuadra; revíselo |||| %{smart_count} clientes se guardaron con un dígito verificador que no cuadra; revíselos',
  },
};

type Catalogo = { [key: string]: string | Catalogo };

/**
 * A text by its path ("importar.titulo"), with polyglot's rules: %{name} replaced from `options`, and "singular |||| plural"
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
