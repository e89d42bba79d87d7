/**
 * The files of an import (.xml, or .zip of them; up to ARCHIVO_MAX each and IMPORTACION_MAX in all, read whole into
 * memory by the route: a document is small, and the limits keep an import bounded) as the documents to record. A ZIP's
 * entries are counted and measured before they are inflated (a bomb stops at the limit).
 */
import { unzipSync } from 'fflate';
import { HttpError } from '../../core/errors';
import { UploadRejected } from '../../infra/files';
import { RECIBIDOS_MSG } from './contract';
import type { Pendiente } from './importar';
import { textoDe } from './reporte';

export const ARCHIVO_MAX = 5 * 1024 * 1024;
export const IMPORTACION_MAX = 50 * 1024 * 1024;
export const DOCUMENTOS_MAX = 1000;

export type Parte = { nombre: string; contenido: Buffer };

const extension = (nombre: string) => /\.([^.\\/]+)$/.exec(nombre)?.[1]?.toLowerCase() ?? '';

/** The XML documents of the uploaded files (a ZIP's .xml entries, in their order), each named by where it came from. */
export function documentosSubidos(archivos: Parte[]): Pendiente[] {
  if (!archivos.length) throw new HttpError(400, RECIBIDOS_MSG.sinArchivos);
  const pendientes: Pendiente[] = [];
  const agregar = (origen: string, contenido: Uint8Array) => {
    if (pendientes.length >= DOCUMENTOS_MAX) throw new HttpError(400, RECIBIDOS_MSG.demasiadas);
    pendientes.push({ origen, origenRecibido: 'xml', xml: textoDe(contenido) });
  };
  for (const { nombre, contenido } of archivos) {
    const tipo = extension(nombre);
    if (tipo === 'xml') agregar(nombre, contenido);
    else if (tipo === 'zip') {
      let entradas: Record<string, Uint8Array>;
      let vistas = 0;
      try {
        entradas = unzipSync(contenido, {
          filter: (f) => {
            if (f.name.endsWith('/') || f.name.startsWith('__MACOSX/') || extension(f.name) !== 'xml') return false;
            if (++vistas > DOCUMENTOS_MAX) throw new HttpError(400, RECIBIDOS_MSG.demasiadas);
            if (f.originalSize > ARCHIVO_MAX) throw new UploadRejected('size', RECIBIDOS_MSG.archivoGrande);
            return true;
          },
        });
      } catch (error) {
        if (error instanceof HttpError || error instanceof UploadRejected) throw error;
        throw new HttpError(400, `${nombre}: no es un archivo ZIP válido`);
      }
      for (const [entrada, bytes] of Object.entries(entradas)) agregar(`${nombre}: ${entrada}`, bytes);
    } else throw new HttpError(400, `${nombre}: ${RECIBIDOS_MSG.tipoArchivo}`);
  }
  if (!pendientes.length) throw new HttpError(400, RECIBIDOS_MSG.sinArchivos);
  return pendientes;
}
