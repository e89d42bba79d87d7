/**
 * What a document type gives the core. The core (this module) issues, signs, queues, prints and emails any document
 * through it; a type's module (facturas, notasCredito, notasDebito...) implements it once and is listed in the
 * registry (server/modules/tipos.ts). The core never imports a type's module.
 */
import type { Executor } from '../../infra/db/client';
import type { ErrorFactura } from '../../../domain/facturas';
import type { CodigoDocumento, DatosComunes, InfoTributaria } from '../../../domain/comprobantes';

/** Any document as its schema describes it: infoTributaria first, then the type's own blocks, infoAdicional last. */
export type Comprobante = { version: string; infoTributaria: InfoTributaria; infoAdicional?: Array<{ nombre: string; valor: string }> };

export type Armado<C extends Comprobante> = { ok: true; comprobante: C } | { ok: false; errores: ErrorFactura[] };

/**
 * A table of the RIDE's body: column titles (centered, bold) and widths (fractions of the page's width; the last
 * column takes what the others leave), rows of printed text aligned as their column says. Rows wrap, and a row that
 * does not fit starts a page that repeats the header.
 */
export type TablaRide = {
  columnas: Array<{ titulo: string; ancho: number; alinear?: 'left' | 'right' | 'center' }>;
  filas: string[][];
  /** Smaller grey text under one column's cell, one per row ('' for none): a line's detallesAdicionales. */
  adicionales?: { columna: number; textos: string[] };
};

/** A block of the RIDE's body after its table: label and value pairs in a box, two to a row, then its table. */
export type SeccionRide = { pares: Array<[string, string]>; tabla: TablaRide };

/**
 * The RIDE's body of one document, as data: the core's frame (ride.ts) draws the issuer, logo, title ("FACTURA",
 * "NOTA DE CRÉDITO"...), number, access key, barcode and authorization above it, the additional information
 * (infoAdicional) beside the totals, "<TITULO> No. 001-001-…" and "Página i de n" at every page's foot, and breaks pages.
 * Amounts go as the XML carries them: the RIDE never rounds.
 *
 * A note (nota de crédito 04, nota de débito 05) fills its body as the SRI's sample RIDE does:
 * - `emisor`: dirEstablecimiento, contribuyenteEspecial, obligadoContabilidad of its infoNotaCredito / infoNotaDebito;
 * - `receptor`: ["Razón Social / Nombres y Apellidos:", razonSocialComprador], ["Identificación:",
 *   identificacionComprador], ["Fecha Emisión:", fechaEmision];
 * - `modificado`: ["Comprobante que se modifica:", "FACTURA 001-001-000000123"] (numDocModificado, named by
 *   codDocModificado), ["Fecha Emisión (Comprobante a modificar):", fechaEmisionDocSustento], ["Razón de
 *   Modificación:", motivo] (a nota de débito has no single motivo: its reasons are its table);
 * - `tabla`: a credit note's lines as an invoice's (Cod. Principal, Cod. Auxiliar, Cantidad, Descripción, Precio
 *   Unitario, Descuento, Precio Total); a debit note's motivos (Razón de la modificación, Valor de la modificación);
 * - `totales`: the subtotals per rate, IVA and, last, "VALOR TOTAL" (valorModificacion, or the debit note's valorTotal);
 * - `pagos`: a debit note's payments; a credit note has none.
 */
export type CuerpoRide = {
  /** The issuer's data its type's info block carries (the invoice's infoFactura, a note's infoNotaCredito...). */
  emisor?: { dirEstablecimiento?: string; contribuyenteEspecial?: string; obligadoContabilidad?: string };
  /**
   * The recipient's box under the frame: label and value pairs. The first two share the first row (name on the left,
   * identification on the right); each other pair takes a row of its own.
   */
  receptor: Array<[string, string]>;
  /** The document a note modifies, in the same box under a rule, one pair a row. */
  modificado?: Array<[string, string]>;
  /** The document's lines (detalles, motivos...); a body made only of sections (a guía) gives one without columns. */
  tabla: TablaRide;
  /** Blocks after the table, each its pairs and its own table: a guía's destinatarios with their goods. */
  secciones?: SeccionRide[];
  /**
   * The totals' block, right-aligned (label, amount as the XML carries it); the last row is the total, in bold. Empty
   * for a document without amounts (a guía).
   */
  totales: Array<[string, string]>;
  /** The payment methods, when the type carries them (forma de pago, valor, plazo: as printed). */
  pagos?: Array<[string, string, string]>;
};

/** What the email to the recipient says of the document; `importe` empty for one without amounts (a guía). */
export type Correo = { destinatario: string; importe: string };

export type TipoComprobante<C extends Comprobante = Comprobante, L = unknown> = {
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
   * Optional: what armar needs of the locked draft (its lines, payments...), read before the emission point's next
   * number is taken. That number's row lock orders every issuer of the point until commit, so what can be read before
   * it keeps the lock shorter (200 invoices issued at once on one point wait on it in turn). Passed to armar.
   */
  leer?(tx: Executor, id: number): Promise<L>;
  /**
   * Builds the document from its locked draft inside the issuing transaction: `comunes` is what every type shares
   * (issuer, environment, establishment, point, sequential, date, recipient, additional fields); the type reads its own
   * lines and payments (or takes them from `leido`, what its leer returned) and may lock what its rules need (a credit
   * note locks its invoice).
   */
  armar(tx: Executor, id: number, comunes: DatosComunes, leido?: L): Promise<Armado<C>>;
  /** The unsigned XML, root element with id="comprobante". */
  xml(comprobante: C): string;
  /** The RIDE's body, from the document read back from its signed XML. */
  ride(comprobante: C): CuerpoRide;
  correo(comprobante: C): Correo;
};
