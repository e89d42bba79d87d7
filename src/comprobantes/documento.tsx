import { createContext, useContext } from 'react';
import type { FacturaDetalle } from '../../domain/contratos/facturas';

/**
 * What the shared SRI pieces (panel, actions, downloads) need to know of the document they show: its react-admin
 * resource (permissions, queries to read again), its API path, the start of its files' names and its texts (a
 * catalogue that spreads `textosDocumento`). Each document type's page provides it.
 */
export type Documento = {
  recurso: string;
  api: string;
  archivo: string;
  texto: (path: string, options?: object) => string;
};

const DocumentoContext = createContext<Documento | null>(null);

export const DocumentoProvider = DocumentoContext.Provider;

export function useDocumento(): Documento {
  const documento = useContext(DocumentoContext);
  if (!documento) throw new Error('useDocumento fuera de DocumentoProvider');
  return documento;
}

type Opcionales =
  | 'FAC_CLAVE_ACCESO'
  | 'FAC_AUTORIZACION'
  | 'FAC_FECHA_AUTORIZACION'
  | 'FAC_RECIBIDA'
  | 'FAC_SRI_MENSAJES'
  | 'FAC_ENTREGA'
  | 'FAC_ENTREGA_FECHA'
  | 'FAC_ENTREGA_DETALLE'
  | 'FAC_ANULACION_MOTIVO'
  | 'FAC_ANULACION_FECHA'
  | 'cola';

/** The fields of any issued document (invoice or note) the SRI panel and the actions read. */
export type RegistroSri = Pick<FacturaDetalle, 'FAC_CODIGO' | 'FAC_ESTADO' | 'FAC_NUMERO' | 'CLI_CODIGO' | 'CLI_RAZON_SOCIAL'> &
  Partial<Pick<FacturaDetalle, Opcionales>> & { id: number };
