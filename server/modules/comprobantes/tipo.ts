/**
 * What a document type gives the core. The core (this module) issues, signs, queues, prints and emails any document
 * through it; a type's module (facturas, notasCredito, notasDebito...) implements it once and is listed in the
 * registry (server/modules/tipos.ts). The core never imports a type's module.
 */
import type { Executor } from '../../infra/db/client';
import type { CodigoDocumento, ErrorFactura, InfoTributaria } from '../../../domain/facturas';
import type { DatosComunes } from '../../../domain/comprobantes/datos-comunes';

/** Any document as its schema describes it: infoTributaria first, then the type's own blocks, infoAdicional last. */
export type Comprobante = { version: string; infoTributaria: InfoTributaria; infoAdicional?: Array<{ nombre: string; valor: string }> };

export type Armado<C extends Comprobante> = { ok: true; comprobante: C } | { ok: false; errores: ErrorFactura[] };

/** A table of the RIDE's body: column titles and widths (fractions of the page's width), rows of printed text. */
export type TablaRide = {
  columnas: Array<{ titulo: string; ancho: number; alinear?: 'left' | 'right' | 'center' }>;
  filas: string[][];
};

/**
 * The RIDE's body of one document, as data: the core's frame draws the issuer, logo, number, access key, barcode and
 * authorization above it, the additional information below it, and breaks pages.
 */
export type CuerpoRide = {
  /** The recipient's block under the frame: label and value pairs ("Razón Social / Nombres y Apellidos:", ...). */
  receptor: Array<[string, string]>;
  /** The document's lines (detalles, motivos...). */
  tabla: TablaRide;
  /** The totals' block, right-aligned (label, amount as the XML carries it). */
  totales: Array<[string, string]>;
  /** The payment methods, when the type carries them (forma de pago, valor, plazo). */
  pagos?: Array<[string, string, string]>;
};

/** What the email to the recipient says of the document. */
export type Correo = { destinatario: string; importe: string };

export type TipoComprobante<C extends Comprobante = Comprobante> = {
  codDoc: CodigoDocumento;
  /** Lower case, for sentences: "factura", "nota de crédito". */
  nombre: string;
  /** Upper case, for the RIDE's title: "FACTURA", "NOTA DE CRÉDITO". */
  titulo: string;
  /** For file names: "factura", "nota-credito". */
  archivo: string;
  /** The schema's file in esquemas/ ("NotaCredito_V1.1.0.xsd"). */
  esquema: string;
  /**
   * Builds the document from its locked draft inside the issuing transaction: `comunes` is what every type shares
   * (issuer, environment, establishment, point, sequential, date, recipient, additional fields); the type reads its own
   * lines and payments and may lock what its rules need (a credit note locks its invoice).
   */
  armar(tx: Executor, id: number, comunes: DatosComunes): Promise<Armado<C>>;
  /** The unsigned XML, root element with id="comprobante". */
  xml(comprobante: C): string;
  /** The RIDE's body, from the document read back from its signed XML. */
  ride(comprobante: C): CuerpoRide;
  correo(comprobante: C): Correo;
};
