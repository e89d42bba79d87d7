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
  /** Whom it is issued to, when not a client: a supplier for a liquidación de compra or a retención. */
  receptor?: Receptor;
  /** Where its email goes when that is the document's own (a guía's destinatarios), not its recipient's record. */
  correos?: (record: RegistroSri) => string[];
};

/** The book the document's recipient lives in and the fields that name it there (the record carries the same ones). */
export type Receptor = { recurso: string; codigo: string; razonSocial: string; identificacion: string; correos: string };

export const CLIENTE: Receptor = {
  recurso: 'clientes',
  codigo: 'CLI_CODIGO',
  razonSocial: 'CLI_RAZON_SOCIAL',
  identificacion: 'CLI_IDENTIFICACION',
  correos: 'CLI_CORREOS',
};

export const PROVEEDOR: Receptor = {
  recurso: 'proveedores',
  codigo: 'PRV_CODIGO',
  razonSocial: 'PRV_RAZON_SOCIAL',
  identificacion: 'PRV_IDENTIFICACION',
  correos: 'PRV_CORREOS',
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

/**
 * The fields of any issued document the SRI panel and the actions read; its recipient's (CLI_* of a sale, PRV_* of a
 * purchase document) are read by the names of the document's `receptor`.
 */
export type RegistroSri = Pick<FacturaDetalle, 'FAC_CODIGO' | 'FAC_ESTADO' | 'FAC_NUMERO'> &
  Partial<Pick<FacturaDetalle, Opcionales | 'CLI_CODIGO' | 'CLI_RAZON_SOCIAL'>> & { id: number };

/** A field of the record by its name (the recipient's fields). */
export const campoDe = (record: object, campo: string) => (record as Record<string, unknown>)[campo];
