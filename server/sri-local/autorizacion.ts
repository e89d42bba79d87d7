import type { Registro } from './registro';
import type { EntradaAutorizacion } from './soap';

/**
 * autorizacionComprobante: the entries the SRI answers for a key. A key never received: none. A received key: one
 * EN PROCESO entry until the delay has passed since its reception, then one AUTORIZADO entry (dated reception + delay)
 * carrying the signed XML as it was received. A programmed key: its programmed entries, in their order.
 */
export function autorizar(clave: string, registro: Registro): EntradaAutorizacion[] {
  const ambiente = clave[23] === '2' ? 'PRODUCCIÓN' : 'PRUEBAS';
  const recibido = registro.recibidos.get(clave);
  const programadas = registro.programadas.get(clave);
  if (programadas) {
    return programadas.map((p) => ({
      estado: p.estado,
      numeroAutorizacion: p.estado === 'AUTORIZADO' ? clave : undefined,
      fechaAutorizacion: p.fechaAutorizacion ?? registro.ahora(),
      ambiente,
      comprobante: p.estado === 'EN PROCESO' ? undefined : recibido?.xml,
      mensajes: p.mensajes,
    }));
  }
  if (!recibido) return [];
  if (registro.estado(clave) !== 'AUTORIZADO') {
    return [{ estado: 'EN PROCESO', fechaAutorizacion: registro.ahora(), ambiente }];
  }
  return [
    {
      estado: 'AUTORIZADO',
      numeroAutorizacion: clave,
      fechaAutorizacion: recibido.autorizada!,
      ambiente,
      comprobante: recibido.xml,
    },
  ];
}
