import { lectorDeTextos } from '../../i18n/textos';

/**
 * The carriers screens' own texts (Spanish), loaded with the screens: the field labels and the states stay in
 * src/i18n/es.ts (resources.transportistas), which every area loads at start.
 */
const TEXTOS = {
  sin_dato: 'Sin registrar',
  exportar_seleccion: 'Exportar selección',
  eliminar: 'El transportista se elimina del todo. Si figura en guías de remisión no se puede eliminar: desactívelo en su lugar.',
  form: {
    ayuda_placa: 'La del vehículo que suele traer; cada guía puede cambiarla',
    ayuda_activo: 'Un transportista inactivo ya no se ofrece en las guías de remisión; sus guías se conservan.',
    existente_titulo: 'Transportista ya registrado',
    existente_texto: 'Su empresa ya tiene un transportista con esta identificación. Puede abrirlo en lugar de crear otro.',
    abrir_existente: 'Abrir el transportista',
  },
  show: {
    datos: 'Datos del transportista',
    registrado: 'Registrado',
  },
  importar: {
    boton: 'Importar',
    titulo: 'Importar transportistas',
    explicacion:
      'Suba un archivo CSV o Excel con las columnas de la plantilla. Los transportistas nuevos se crean y los que ya existen (misma identificación) se actualizan; las filas con errores se informan con su número de línea.',
    archivo: 'Archivo de transportistas (.csv o .xlsx)',
    advertencias:
      '%{smart_count} transportista se guardó con un dígito verificador que no cuadra; revíselo |||| %{smart_count} transportistas se guardaron con un dígito verificador que no cuadra; revíselos',
  },
};

/** A text of these screens by its path ("importar.titulo"). */
export const texto = lectorDeTextos(TEXTOS);
