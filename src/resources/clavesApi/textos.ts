import { lectorDeTextos } from '../../i18n/textos';
import { CLAVES_MSG } from '../../../domain/contratos/clavesApi';

/**
 * The API keys screens' own texts (Spanish), loaded with the screens: the field labels stay in src/i18n/es.ts
 * (resources.clavesApi), which every area loads at start.
 */
const TEXTOS = {
  crear: 'Crear clave',
  nunca: 'Nunca',
  ultimo_uso: 'Último uso:',
  activa: 'Activa',
  revocada: 'Revocada',
  alcances: { leer: 'Leer', emitir: 'Emitir' },
  alcances_ayuda: {
    leer: 'Consultar comprobantes, clientes, productos y su estado',
    emitir: 'Crear clientes y productos, y emitir comprobantes',
  },
  ayuda: {
    titulo: 'Cómo se usa',
    texto: 'Su sistema (punto de venta, tienda en línea, ERP) envía la clave en cada solicitud a la API de Amelia:',
    docs: 'Documentación de la API',
    actua: 'Cada clave actúa en nombre del administrador que la creó, y lo que hace queda en el historial de la empresa.',
  },
  form: {
    titulo: 'Nueva clave de API',
    nombre_ayuda: 'Para reconocerla: «Caja 1», «Tienda en línea»',
    alcances: 'Alcances',
    alcances_falta: 'Elija al menos un alcance',
    guardar: 'Crear clave',
  },
  creada: {
    titulo: 'Clave «%{nombre}» creada',
    aviso: 'Cópiela ahora: no se volverá a mostrar',
    texto: 'Guárdela donde su sistema la lea (su configuración, un gestor de secretos). Amelia solo guarda su huella.',
    etiqueta: 'Clave de API',
  },
  secreto: {
    copiar: 'Copiar',
    copiada: 'Copiada al portapapeles',
    no_copiada: 'El navegador no permitió copiarla: selecciónela y cópiela a mano.',
    entendido: 'Ya la guardé',
  },
  show: {
    datos: 'Datos de la clave',
    actividad: 'Actividad',
    sin_actividad: 'Esta clave todavía no ha hecho cambios.',
    ver_mas: 'Ver más',
    revocar: 'Revocar',
    revocar_titulo: '¿Revocar la clave «%{nombre}»?',
    revocar_texto:
      'Las integraciones que la usan dejan de funcionar de inmediato, en todos los servidores. No se puede deshacer: para volver a conectarlas, cree otra clave.',
    revocada: CLAVES_MSG.revocada,
    renombrar: 'Renombrar',
    renombrar_titulo: 'Renombrar la clave',
    renombrada: 'Clave renombrada',
    revocada_el: 'Revocada el %{fecha}',
  },
};

/** A text of these screens by its path ("show.revocar"). */
export const texto = lectorDeTextos(TEXTOS);
