import { lectorDeTextos } from '../../i18n/textos';

/**
 * The suppliers screens' own texts (Spanish), loaded with the screens: the field labels and the states stay in
 * src/i18n/es.ts (resources.proveedores), which every area loads at start.
 */
const TEXTOS = {
  sin_dato: 'Sin registrar',
  exportar_seleccion: 'Exportar selección',
  fantasma_lista: 'Hay proveedores marcados como empresa fantasma: sus comprobantes no sustentan costos, gastos ni crédito tributario.',
  form: {
    ayuda_contacto: 'A quién dirigirse en el proveedor',
    ayuda_dias: 'Plazo que el proveedor le da para pagar; 0 es de contado',
    ayuda_activo: 'Un proveedor inactivo ya no se ofrece en las retenciones ni en las liquidaciones; sus documentos se conservan.',
    existente_titulo: 'Proveedor ya registrado',
    existente_texto: 'Su empresa ya tiene un proveedor con esta identificación. Puede abrirlo en lugar de crear otro.',
    abrir_existente: 'Abrir el proveedor',
  },
  show: {
    datos: 'Datos del proveedor',
    credito_dias: '%{smart_count} día de plazo |||| %{smart_count} días de plazo',
    contado: 'De contado',
    credito: 'Crédito',
    registrado: 'Registrado',
  },
  importar: {
    boton: 'Importar',
    titulo: 'Importar proveedores',
    explicacion:
      'Suba un archivo CSV o Excel con las columnas de la plantilla. Los proveedores nuevos se crean y los que ya existen (misma identificación) se actualizan; las filas con errores se informan con su número de línea.',
    archivo: 'Archivo de proveedores (.csv o .xlsx)',
    advertencias:
      '%{smart_count} proveedor se guardó con un dígito verificador que no cuadra; revíselo |||| %{smart_count} proveedores se guardaron con un dígito verificador que no cuadra; revíselos',
  },
};

/** A text of these screens by its path ("importar.titulo"). */
export const texto = lectorDeTextos(TEXTOS);
