import { lectorDeTextos } from '../../i18n/textos';
import { WEBHOOKS_MSG } from '../../../domain/contratos/webhooks';

/**
 * The webhooks screens' own texts (Spanish), loaded with the screens: the field labels stay in src/i18n/es.ts
 * (resources.webhooks), which every area loads at start.
 */
const TEXTOS = {
  crear: 'Registrar webhook',
  activo: 'Activo',
  inactivo: 'Inactivo',
  nunca: 'Nunca',
  ayuda:
    'Amelia envía un POST con JSON a su URL cuando ocurre uno de los eventos elegidos, firmado en la cabecera %{cabecera} con el secreto del webhook. Si su servidor no responde 2xx, Amelia reintenta durante 24 horas.',
  estados: { PENDIENTE: 'Pendiente', ENTREGADA: 'Entregada', FALLIDA: 'Fallida' },
  evento_ping: 'Prueba (ping)',
  form: {
    nuevo: 'Nuevo webhook',
    editar: 'Editar webhook',
    url_ayuda: 'https://… de su sistema, que recibe un POST por evento',
    eventos: 'Eventos',
    eventos_falta: 'Elija al menos un evento',
    activo_ayuda: 'Un webhook inactivo no recibe entregas nuevas; su registro se conserva.',
    secreto_ayuda: 'Con qué se firman las entregas (16 a 200 caracteres). Si lo deja vacío, Amelia genera uno (whsec_…).',
    guardar: 'Guardar',
  },
  creado: {
    titulo: 'Webhook registrado',
    aviso: 'Guarde el secreto ahora: no se volverá a mostrar',
    texto: 'Su receptor lo usa para verificar la firma de cada entrega (la cabecera %{cabecera}).',
    etiqueta: 'Secreto de firma',
  },
  show: {
    datos: 'Datos del webhook',
    entregas: 'Registro de entregas',
    sin_entregas: 'Todavía no hay entregas. «Enviar prueba» envía un ping a su URL.',
    ver_mas: 'Ver más',
    prueba: 'Enviar prueba',
    prueba_encolada: WEBHOOKS_MSG.prueba,
    rotar: 'Rotar secreto',
    rotar_titulo: '¿Rotar el secreto?',
    rotar_texto:
      'Se genera un secreto nuevo y el anterior deja de firmar las entregas de inmediato: actualícelo en su receptor o rechazará las próximas.',
    rotado_titulo: 'Nuevo secreto',
    eliminar: 'Eliminar',
    eliminar_titulo: '¿Eliminar este webhook?',
    eliminar_texto: 'Se elimina con su registro de entregas; las pendientes ya no se envían. No se puede deshacer.',
    eliminado: WEBHOOKS_MSG.eliminado,
    reenviar: 'Reenviar',
    reenviada: WEBHOOKS_MSG.reenviada,
    filtro_estado: 'Estado',
    todos: 'Todos',
  },
  entrega: {
    titulo: 'Entrega %{id}',
    evento: 'Evento',
    documento: 'Documento',
    estado: 'Estado',
    intentos: 'Intentos',
    http: 'Último HTTP',
    creada: 'Creada',
    entregada: 'Entregada',
    proximo: 'Próximo intento',
    cuerpo: 'Cuerpo (JSON)',
    intentos_detalle: 'Intentos',
    sin_intentos: 'Todavía no se ha intentado.',
    fecha: 'Fecha',
    codigo: 'HTTP',
    error: 'Error',
    ms: 'ms',
    sin_respuesta: 'Sin respuesta',
    cerrar: 'Cerrar',
  },
};

/** A text of these screens by its path ("show.prueba"). */
export const texto = lectorDeTextos(TEXTOS);
