import type PDFDocument from 'pdfkit';
import type { Worksheet } from 'exceljs';
import { fechaCorta, fechaHoraEcuador, hoyEcuador } from '../../../domain/fechas';
import { escalar, formatear, leerDecimal } from '../../../domain/comprobantes/decimal';
import { A4, FUENTE, MARGEN, NEGRITA, TEXTO, fondo } from '../facturas';
import { REPORT_TYPES } from '../clientesImportacion';
import {
  TRAMOS_CARTERA,
  referenciaCobro,
  type Cartera,
  type CarteraCliente,
  type CarteraDeCliente,
  type EstadoCuenta,
  type FacturaCartera,
  type FormatoReporte,
  type Saldo,
  type SaldoCliente,
  type Tramos,
} from './contract';

/**
 * The account statement, the balances report and the aging of the receivable, as PDF (pdfkit, A4 portrait, with the RIDE's page and helpers) and
 * Excel (exceljs). They are small (one client's invoices, one row per client that owes) and built in memory. Their
 * building blocks (Pdf, the Excel heading, the formats) also draw a supplier's account (modules/proveedoresCuenta).
 */
export { REPORT_TYPES };

export type Empresa = { nombre: string; ruc: string };

export const generado = () => `Generado el ${fechaHoraEcuador(new Date())}`;
/** A day as Excel's date (midnight UTC, so that no zone moves it). */
export const diaExcel = (dia: string) => new Date(`${dia}T00:00:00Z`);

export const nombreArchivo = (texto: string) => texto.replace(/[^\w.-]+/g, '_');
export const archivoEstadoCuenta = (identificacion: string, formato: FormatoReporte) =>
  `estado-cuenta-${nombreArchivo(identificacion)}-${hoyEcuador()}.${formato}`;
export const archivoSaldos = (ruc: string, formato: FormatoReporte) => `saldos-clientes-${nombreArchivo(ruc)}-${hoyEcuador()}.${formato}`;
export const archivoCartera = (ruc: string, formato: FormatoReporte) =>
  `antiguedad-cartera-${nombreArchivo(ruc)}-${hoyEcuador()}.${formato}`;
export const archivoCarteraCliente = (identificacion: string, formato: FormatoReporte) =>
  `antiguedad-cartera-cliente-${nombreArchivo(identificacion)}-${hoyEcuador()}.${formato}`;

export type Columna<T> = { titulo: string; ancho: number; valor: (fila: T) => string; derecha?: boolean };

const FILA = 13;
const TAMANO = 7.5;
const PIE = A4.alto - MARGEN - 6;

/** A PDF document written to a buffer, with a heading and the page number on every page. */
export class Pdf {
  readonly doc: PDFKit.PDFDocument;
  private readonly partes: Buffer[] = [];
  private pagina = 0;
  y = 0;

  /** pdfkit is loaded with the first PDF: loading it at start slows every start-up (docs/performance.md). */
  static async nuevo(titulo: string, subtitulos: string[]) {
    const { default: Documento } = await import('pdfkit');
    return new Pdf(Documento, titulo, subtitulos);
  }

  private constructor(
    Documento: typeof PDFDocument,
    private readonly titulo: string,
    private readonly subtitulos: string[],
  ) {
    this.doc = new Documento({
      size: 'A4',
      margins: { top: MARGEN, left: MARGEN, right: MARGEN, bottom: 0 },
      autoFirstPage: false,
      info: { Title: titulo, Author: 'Amelia', Subject: generado() },
    });
    this.doc.on('data', (chunk: Buffer) => this.partes.push(chunk));
    this.nuevaPagina();
  }

  nuevaPagina() {
    const { doc } = this;
    doc.addPage();
    this.pagina++;
    doc.fillColor(TEXTO).font(NEGRITA).fontSize(13).text(this.titulo, MARGEN, MARGEN, { lineBreak: false });
    let y = MARGEN + 18;
    doc.font(FUENTE).fontSize(8.5);
    for (const linea of this.subtitulos) {
      doc.text(linea, MARGEN, y, { lineBreak: false });
      y += 11;
    }
    doc.fontSize(7.5).text(`Página ${this.pagina}`, MARGEN, PIE, { width: A4.ancho - 2 * MARGEN, align: 'right', lineBreak: false });
    this.y = y + 8;
  }

  /** Room for `alto` more points on this page, or a new one. */
  espacio(alto: number) {
    if (this.y + alto > PIE - 8) this.nuevaPagina();
  }

  seccion(texto: string) {
    this.espacio(FILA * 3);
    this.y += 4;
    this.doc.fillColor(TEXTO).font(NEGRITA).fontSize(10).text(texto, MARGEN, this.y, { lineBreak: false });
    this.y += 15;
  }

  /** "Etiqueta: valor" pairs in a row of boxes (the totals). */
  cifras(pares: Array<[string, string]>) {
    const ancho = (A4.ancho - 2 * MARGEN) / pares.length;
    this.espacio(32);
    pares.forEach(([etiqueta, valor], i) => {
      const x = MARGEN + i * ancho;
      fondo(this.doc, x + 1, this.y, ancho - 2, 28);
      this.doc
        .font(FUENTE)
        .fontSize(7.5)
        .text(etiqueta, x + 5, this.y + 4, { width: ancho - 10, lineBreak: false });
      this.doc
        .font(NEGRITA)
        .fontSize(10)
        .text(valor, x + 5, this.y + 14, { width: ancho - 10, lineBreak: false });
    });
    this.y += 34;
  }

  /** A table whose header repeats on each page; `tachada` strikes a row out (an undone collection). */
  tabla<T>(columnas: Columna<T>[], filas: T[], vacio: string, opciones: { tachada?: (fila: T) => boolean; total?: string[] } = {}) {
    const { doc } = this;
    const ancho = columnas.reduce((s, c) => s + c.ancho, 0);
    const cabecera = () => {
      fondo(doc, MARGEN, this.y - 2, ancho, FILA);
      doc.font(NEGRITA).fontSize(TAMANO);
      let x = MARGEN;
      for (const c of columnas) {
        doc.text(c.titulo, x + 2, this.y + 1, { width: c.ancho - 4, align: c.derecha ? 'right' : 'left', lineBreak: false });
        x += c.ancho;
      }
      this.y += FILA;
    };
    /** A row as tall as its longest cell, wrapped to its column (a long payment method, several invoices). */
    const fila = (valores: string[], negrita: boolean, tachada: boolean) => {
      doc.font(negrita ? NEGRITA : FUENTE).fontSize(TAMANO);
      const textos = columnas.map((_, i) => (valores[i] ?? '').replace(/\s+/g, ' '));
      const alto = Math.max(FILA, ...textos.map((tx, i) => (tx ? doc.heightOfString(tx, { width: columnas[i]!.ancho - 4 }) + 4 : 0)));
      if (this.y + alto > PIE - 8) {
        this.nuevaPagina();
        cabecera();
        doc.font(negrita ? NEGRITA : FUENTE).fontSize(TAMANO);
      }
      doc.fillColor(tachada ? '#777777' : TEXTO);
      let x = MARGEN;
      columnas.forEach((c, i) => {
        if (textos[i]) doc.text(textos[i], x + 2, this.y, { width: c.ancho - 4, align: c.derecha ? 'right' : 'left' });
        x += c.ancho;
      });
      if (tachada)
        doc
          .moveTo(MARGEN, this.y + 3.5)
          .lineTo(MARGEN + ancho, this.y + 3.5)
          .lineWidth(0.5)
          .strokeColor('#777777')
          .stroke();
      doc
        .moveTo(MARGEN, this.y + alto - 1.5)
        .lineTo(MARGEN + ancho, this.y + alto - 1.5)
        .lineWidth(0.3)
        .strokeColor('#cccccc')
        .stroke();
      doc.fillColor(TEXTO);
      this.y += alto;
    };
    this.espacio(FILA * 3);
    cabecera();
    if (filas.length === 0) {
      doc
        .font(FUENTE)
        .fontSize(TAMANO)
        .fillColor(TEXTO)
        .text(vacio, MARGEN + 2, this.y, { width: ancho - 4, lineBreak: false });
      this.y += FILA;
    }
    for (const f of filas)
      fila(
        columnas.map((c) => c.valor(f)),
        false,
        opciones.tachada?.(f) ?? false,
      );
    if (opciones.total) fila(opciones.total, true, false);
    this.y += 6;
  }

  texto(texto: string) {
    this.espacio(FILA);
    this.doc
      .font(FUENTE)
      .fontSize(8)
      .fillColor(TEXTO)
      .text(texto, MARGEN, this.y, { width: A4.ancho - 2 * MARGEN });
    this.y = this.doc.y + 4;
  }

  async fin(): Promise<Buffer> {
    const listo = new Promise<void>((resolve, reject) => {
      this.doc.on('end', resolve);
      this.doc.on('error', reject);
    });
    this.doc.end();
    await listo;
    return Buffer.concat(this.partes);
  }
}

const periodo = (e: EstadoCuenta) =>
  e.desde || e.hasta
    ? `Período: ${e.desde ? `desde ${fechaCorta(e.desde)}` : ''}${e.desde && e.hasta ? ' ' : ''}${e.hasta ? `hasta ${fechaCorta(e.hasta)}` : ''}`
    : 'Todas las facturas autorizadas';

/** Money in cents, summed exactly. */
const centavos = (dinero: string) => {
  const lectura = leerDecimal(dinero);
  return lectura.ok ? escalar(lectura, 2) : 0n;
};

/**
 * With a period from `desde`: what the client owed of its earlier invoices (the balance it starts the period with),
 * and that balance plus the period's. Undefined without a period start.
 */
const lineaAnterior = (e: EstadoCuenta) => {
  if (!e.anterior || !e.desde) return undefined;
  const { saldo, vencido, pendientes } = e.anterior;
  const total = formatear(centavos(saldo) + centavos(e.totales.saldo), 2);
  return `Saldo anterior al ${fechaCorta(e.desde)}: USD ${saldo} de ${pendientes} ${pendientes === 1 ? 'factura' : 'facturas'} (vencido USD ${vencido}) · Saldo total con el período: USD ${total}`;
};

const cifrasSaldo = (t: Saldo): Array<[string, string]> => [
  ['Facturado', `USD ${t.facturado}`],
  ['Cobrado', `USD ${t.cobrado}`],
  ['Saldo', `USD ${t.saldo}`],
  ['Vencido', `USD ${t.vencido}`],
];

type FacturaFila = EstadoCuenta['facturas'][number];
type CobroFila = EstadoCuenta['cobros'][number];
type MovimientoFila = EstadoCuenta['movimientos'][number];

const NOTAS_CREDITO = 'N. crédito';
const NOTAS_DEBITO = 'N. débito';
const COLUMNAS_FACTURAS: Columna<FacturaFila>[] = [
  { titulo: 'Factura', ancho: 85, valor: (f) => f.FAC_NUMERO },
  { titulo: 'Emisión', ancho: 50, valor: (f) => fechaCorta(f.FAC_FECHA) },
  { titulo: 'Vence', ancho: 50, valor: (f) => fechaCorta(f.vencimiento) },
  { titulo: 'Total', ancho: 62, valor: (f) => f.FAC_TOTAL, derecha: true },
  { titulo: NOTAS_CREDITO, ancho: 58, valor: (f) => (f.notasCredito === '0.00' ? '' : f.notasCredito), derecha: true },
  { titulo: NOTAS_DEBITO, ancho: 58, valor: (f) => (f.notasDebito === '0.00' ? '' : f.notasDebito), derecha: true },
  { titulo: 'Cobrado', ancho: 62, valor: (f) => f.cobrado, derecha: true },
  { titulo: 'Saldo', ancho: 62, valor: (f) => f.saldo, derecha: true },
  { titulo: 'Días vencida', ancho: 52, valor: (f) => (f.diasVencida > 0 ? String(f.diasVencida) : ''), derecha: true },
];

/** The invoices' own totals and their notes' (the API's facturado is already net of the notes), summed exactly. */
function sumasFacturas(e: EstadoCuenta) {
  let total = 0n;
  let creditos = 0n;
  let debitos = 0n;
  for (const f of e.facturas) {
    total += centavos(f.FAC_TOTAL);
    creditos += centavos(f.notasCredito);
    debitos += centavos(f.notasDebito);
  }
  return {
    total: formatear(total, 2),
    creditos: formatear(creditos, 2),
    debitos: formatear(debitos, 2),
    conNotas: creditos + debitos > 0n,
  };
}

/** The statement's boxes: with notes, what was invoiced, credited and debited before what was collected. */
function cifrasEstado(e: EstadoCuenta): Array<[string, string]> {
  const s = sumasFacturas(e);
  if (!s.conNotas) return cifrasSaldo(e.totales);
  return [
    ['Facturado', `USD ${s.total}`],
    ['Notas de crédito', `USD ${s.creditos}`],
    ['Notas de débito', `USD ${s.debitos}`],
    ['Cobrado', `USD ${e.totales.cobrado}`],
    ['Saldo', `USD ${e.totales.saldo}`],
    ['Vencido', `USD ${e.totales.vencido}`],
  ];
}

const COLUMNAS_MOVIMIENTOS: Columna<MovimientoFila>[] = [
  { titulo: 'Fecha', ancho: 55, valor: (m) => fechaCorta(m.fecha) },
  { titulo: 'Concepto', ancho: 250, valor: (m) => m.concepto },
  { titulo: 'Debe', ancho: 78, valor: (m) => (m.debe === '0.00' ? '' : m.debe), derecha: true },
  { titulo: 'Haber', ancho: 78, valor: (m) => (m.haber === '0.00' ? '' : m.haber), derecha: true },
  { titulo: 'Saldo', ancho: 78, valor: (m) => m.saldo, derecha: true },
];

const aplicadas = (c: CobroFila) => c.aplicaciones.map((x) => `${x.FAC_NUMERO}: ${x.valor}`).join('; ');
const estadoCobro = (c: CobroFila) => (c.COB_ANULADO ? `Anulado: ${c.COB_ANULACION_MOTIVO ?? ''}` : 'Vigente');

const COLUMNAS_COBROS: Columna<CobroFila>[] = [
  { titulo: 'Fecha', ancho: 55, valor: (c) => fechaCorta(c.COB_FECHA) },
  { titulo: 'Forma de pago', ancho: 100, valor: (c) => c.forma },
  { titulo: 'Referencia', ancho: 70, valor: (c) => referenciaCobro(c) ?? '' },
  { titulo: 'Valor', ancho: 60, valor: (c) => c.COB_VALOR, derecha: true },
  { titulo: 'Aplicado a', ancho: 150, valor: aplicadas },
  { titulo: 'Estado', ancho: 104, valor: estadoCobro },
];

async function estadoCuentaPdf(empresa: Empresa, e: EstadoCuenta): Promise<Buffer> {
  const pdf = await Pdf.nuevo(`Estado de cuenta de ${e.cliente.CLI_RAZON_SOCIAL}`, [
    `Cliente: ${e.cliente.CLI_RAZON_SOCIAL} · Identificación ${e.cliente.CLI_IDENTIFICACION}`,
    `${empresa.nombre} · RUC ${empresa.ruc}`,
    `${periodo(e)} · Saldos al ${fechaCorta(e.hoy)} · ${generado()}`,
  ]);
  pdf.cifras(cifrasEstado(e));
  const anterior = lineaAnterior(e);
  if (anterior) pdf.texto(anterior);
  const s = sumasFacturas(e);
  pdf.seccion('Facturas');
  pdf.tabla(COLUMNAS_FACTURAS, e.facturas, 'No hay facturas autorizadas', {
    total: ['Total', '', '', s.total, s.creditos, s.debitos, e.totales.cobrado, e.totales.saldo, ''],
  });
  pdf.seccion('Movimientos');
  pdf.tabla(COLUMNAS_MOVIMIENTOS, e.movimientos, 'No hay movimientos', {});
  pdf.seccion('Cobros');
  pdf.tabla(COLUMNAS_COBROS, e.cobros, 'No hay cobros registrados', { tachada: (c) => c.COB_ANULADO });
  pdf.texto('Los cobros anulados se muestran tachados y no descuentan del saldo.');
  return pdf.fin();
}

const COLUMNAS_SALDOS: Columna<SaldoCliente>[] = [
  { titulo: 'Identificación', ancho: 80, valor: (r) => r.CLI_IDENTIFICACION },
  { titulo: 'Cliente', ancho: 163, valor: (r) => r.CLI_RAZON_SOCIAL },
  { titulo: 'Facturado', ancho: 74, valor: (r) => r.facturado, derecha: true },
  { titulo: 'Cobrado', ancho: 74, valor: (r) => r.cobrado, derecha: true },
  { titulo: 'Saldo', ancho: 74, valor: (r) => r.saldo, derecha: true },
  { titulo: 'Vencido', ancho: 74, valor: (r) => r.vencido, derecha: true },
];

/** The sum of a money column of the listed rows, in cents (never floats). */
function suma(filas: SaldoCliente[], campo: 'facturado' | 'cobrado' | 'saldo' | 'vencido'): string {
  let total = 0n;
  for (const f of filas) total += centavos(f[campo]);
  return formatear(total, 2);
}
const totalFilas = (filas: SaldoCliente[]) => (['facturado', 'cobrado', 'saldo', 'vencido'] as const).map((c) => suma(filas, c));

async function saldosPdf(empresa: Empresa, filas: SaldoCliente[], t: Saldo, hoy: string): Promise<Buffer> {
  const pdf = await Pdf.nuevo(`Saldos de clientes de ${empresa.nombre}`, [
    `RUC ${empresa.ruc}`,
    `Saldos al ${fechaCorta(hoy)} · ${generado()}`,
  ]);
  pdf.cifras(cifrasSaldo(t));
  pdf.tabla(COLUMNAS_SALDOS, filas, 'Ningún cliente tiene saldo pendiente', {
    total: ['', `Total (${filas.length} clientes)`, ...totalFilas(filas)],
  });
  return pdf.fin();
}

type Hoja = Worksheet;
export const DINERO = '#,##0.00';
export const FECHA = 'dd/mm/yyyy';

/** The heading rows (bold title, then plain lines) and a bold header row; returns the header's row number. */
export function encabezado(hoja: Hoja, titulo: string, lineas: string[], cabecera: string[]) {
  hoja.addRow([titulo]).font = { bold: true, size: 14 };
  for (const l of lineas) hoja.addRow([l]);
  hoja.addRow([]);
  const fila = hoja.addRow(cabecera);
  fila.font = { bold: true };
  return fila.number;
}

export async function libro() {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Amelia';
  return workbook;
}

export const aNumero = (dinero: string) => Number(dinero);

async function estadoCuentaXlsx(empresa: Empresa, e: EstadoCuenta): Promise<Buffer> {
  const workbook = await libro();
  const lineas = [
    `Cliente: ${e.cliente.CLI_RAZON_SOCIAL} · Identificación ${e.cliente.CLI_IDENTIFICACION}`,
    `${empresa.nombre} · RUC ${empresa.ruc}`,
    `${periodo(e)} · Saldos al ${fechaCorta(e.hoy)} · ${generado()}`,
    ...[lineaAnterior(e)].filter((linea) => linea !== undefined),
  ];
  const facturas = workbook.addWorksheet('Facturas');
  facturas.columns = [16, 12, 12, 14, 14, 14, 12, 16, 16].map((width) => ({ width }));
  const titulo = `Estado de cuenta de ${e.cliente.CLI_RAZON_SOCIAL}`;
  // The notes' columns go last: the first seven keep the places they always had (formulas and macros read them).
  const h = encabezado(facturas, titulo, lineas, [
    ...COLUMNAS_FACTURAS.filter((c) => c.titulo !== NOTAS_CREDITO && c.titulo !== NOTAS_DEBITO).map((c) => c.titulo),
    'Notas de crédito',
    'Notas de débito',
  ]);
  facturas.views = [{ state: 'frozen', ySplit: h }];
  for (const f of e.facturas)
    facturas.addRow([
      f.FAC_NUMERO,
      diaExcel(f.FAC_FECHA),
      diaExcel(f.vencimiento),
      aNumero(f.FAC_TOTAL),
      aNumero(f.cobrado),
      aNumero(f.saldo),
      f.diasVencida,
      aNumero(f.notasCredito),
      aNumero(f.notasDebito),
    ]);
  const s = sumasFacturas(e);
  const total = facturas.addRow([
    'Total',
    null,
    null,
    aNumero(s.total),
    aNumero(e.totales.cobrado),
    aNumero(e.totales.saldo),
    null,
    aNumero(s.creditos),
    aNumero(s.debitos),
  ]);
  total.font = { bold: true };
  facturas.addRow([]);
  facturas.addRow(['Vencido', null, null, null, null, aNumero(e.totales.vencido)]).font = { bold: true };
  facturas.getColumn(2).numFmt = FECHA;
  facturas.getColumn(3).numFmt = FECHA;
  for (const c of [4, 5, 6, 8, 9]) facturas.getColumn(c).numFmt = DINERO;

  const movimientos = workbook.addWorksheet('Movimientos');
  movimientos.columns = [12, 60, 14, 14, 14].map((width) => ({ width }));
  const hm = encabezado(
    movimientos,
    titulo,
    lineas,
    COLUMNAS_MOVIMIENTOS.map((c) => c.titulo),
  );
  movimientos.views = [{ state: 'frozen', ySplit: hm }];
  for (const m of e.movimientos) movimientos.addRow([diaExcel(m.fecha), m.concepto, aNumero(m.debe), aNumero(m.haber), aNumero(m.saldo)]);
  movimientos.getColumn(1).numFmt = FECHA;
  for (const c of [3, 4, 5]) movimientos.getColumn(c).numFmt = DINERO;

  const cobros = workbook.addWorksheet('Cobros');
  cobros.columns = [12, 30, 18, 12, 40, 12, 30].map((width) => ({ width }));
  const hc = encabezado(cobros, titulo, lineas, [
    'Fecha',
    'Forma de pago',
    'Referencia',
    'Valor',
    'Aplicado a',
    'Estado',
    'Motivo de la anulación',
  ]);
  cobros.views = [{ state: 'frozen', ySplit: hc }];
  for (const c of e.cobros) {
    const fila = cobros.addRow([
      diaExcel(c.COB_FECHA),
      c.forma,
      referenciaCobro(c),
      aNumero(c.COB_VALOR),
      aplicadas(c),
      c.COB_ANULADO ? 'Anulado' : 'Vigente',
      c.COB_ANULACION_MOTIVO,
    ]);
    if (c.COB_ANULADO) fila.font = { strike: true, color: { argb: 'FF777777' } };
  }
  cobros.getColumn(1).numFmt = FECHA;
  cobros.getColumn(4).numFmt = DINERO;
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function saldosXlsx(empresa: Empresa, filas: SaldoCliente[], t: Saldo, hoy: string): Promise<Buffer> {
  const workbook = await libro();
  const hoja = workbook.addWorksheet('Saldos');
  hoja.columns = [16, 40, 14, 14, 14, 14].map((width) => ({ width }));
  const h = encabezado(
    hoja,
    `Saldos de clientes de ${empresa.nombre}`,
    [`RUC ${empresa.ruc}`, `Saldos al ${fechaCorta(hoy)} · ${generado()}`],
    COLUMNAS_SALDOS.map((c) => c.titulo),
  );
  hoja.views = [{ state: 'frozen', ySplit: h }];
  for (const r of filas)
    hoja.addRow([r.CLI_IDENTIFICACION, r.CLI_RAZON_SOCIAL, aNumero(r.facturado), aNumero(r.cobrado), aNumero(r.saldo), aNumero(r.vencido)]);
  hoja.addRow([null, `Total (${filas.length} clientes)`, ...totalFilas(filas).map(aNumero)]).font = { bold: true };
  hoja.addRow([]);
  hoja.addRow([null, 'Cartera de la empresa', aNumero(t.facturado), aNumero(t.cobrado), aNumero(t.saldo), aNumero(t.vencido)]);
  for (const c of [3, 4, 5, 6]) hoja.getColumn(c).numFmt = DINERO;
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export const reporteEstadoCuenta = (formato: FormatoReporte, empresa: Empresa, e: EstadoCuenta) =>
  formato === 'pdf' ? estadoCuentaPdf(empresa, e) : estadoCuentaXlsx(empresa, e);

export const reporteSaldos = (formato: FormatoReporte, empresa: Empresa, filas: SaldoCliente[], t: Saldo, hoy: string) =>
  formato === 'pdf' ? saldosPdf(empresa, filas, t, hoy) : saldosXlsx(empresa, filas, t, hoy);

const CLAVES_TRAMOS = [...TRAMOS_CARTERA.map((t) => t.clave), 'saldo'] as const;
const TITULOS_TRAMOS = [...TRAMOS_CARTERA.map((t) => t.nombre), 'Saldo'];
/** The buckets and the balance, in the report's order. */
const tramos = (t: Tramos) => CLAVES_TRAMOS.map((c) => t[c]);
const cifrasTramos = (t: Tramos): Array<[string, string]> => tramos(t).map((valor, i) => [TITULOS_TRAMOS[i]!, `USD ${valor}`]);
const alDia = (hoy: string) => `Antigüedad al ${fechaCorta(hoy)} (días vencidos desde el vencimiento de cada factura) · ${generado()}`;
const totalClientes = (c: Cartera) => `Total (${c.clientes.length} ${c.clientes.length === 1 ? 'cliente' : 'clientes'})`;
const nombreTramo = (f: FacturaCartera) => TRAMOS_CARTERA.find((t) => t.clave === f.tramo)?.nombre ?? f.tramo;

const COLUMNAS_CARTERA: Columna<CarteraCliente>[] = [
  { titulo: 'Identificación', ancho: 62, valor: (r) => r.CLI_IDENTIFICACION },
  { titulo: 'Cliente', ancho: 129, valor: (r) => r.CLI_RAZON_SOCIAL },
  ...CLAVES_TRAMOS.map((c, i) => ({ titulo: TITULOS_TRAMOS[i]!, ancho: 58, valor: (r: CarteraCliente) => r[c], derecha: true })),
];

/** The aging shows what each invoice owes: its collections and notes are in the statement. */
const COLUMNAS_CARTERA_FACTURAS: Columna<FacturaCartera>[] = [
  // Widened to the page: the statement's invoice columns, without three of them, and the bucket.
  ...COLUMNAS_FACTURAS.filter((c) => ![NOTAS_CREDITO, NOTAS_DEBITO, 'Cobrado'].includes(c.titulo)).map((c) => ({
    ...c,
    ancho: Math.floor((c.ancho * 461) / 361),
  })),
  { titulo: 'Tramo', ancho: 78, valor: nombreTramo },
];

async function carteraPdf(empresa: Empresa, c: Cartera): Promise<Buffer> {
  const pdf = await Pdf.nuevo(`Antigüedad de cartera de ${empresa.nombre}`, [`RUC ${empresa.ruc}`, alDia(c.hoy)]);
  pdf.cifras(cifrasTramos(c.totales));
  pdf.tabla(COLUMNAS_CARTERA, c.clientes, 'Ningún cliente tiene saldo pendiente', {
    total: ['', totalClientes(c), ...tramos(c.totales)],
  });
  return pdf.fin();
}

async function carteraClientePdf(empresa: Empresa, c: CarteraDeCliente): Promise<Buffer> {
  const pdf = await Pdf.nuevo(`Antigüedad de cartera de ${c.cliente.CLI_RAZON_SOCIAL}`, [
    `Cliente: ${c.cliente.CLI_RAZON_SOCIAL} · Identificación ${c.cliente.CLI_IDENTIFICACION}`,
    `${empresa.nombre} · RUC ${empresa.ruc}`,
    alDia(c.hoy),
  ]);
  pdf.cifras(cifrasTramos(c.totales));
  pdf.seccion('Facturas con saldo');
  pdf.tabla(COLUMNAS_CARTERA_FACTURAS, c.facturas, 'El cliente no tiene facturas pendientes de cobro', {
    total: ['Total', '', '', '', c.totales.saldo, '', ''],
  });
  return pdf.fin();
}

async function carteraXlsx(empresa: Empresa, c: Cartera): Promise<Buffer> {
  const workbook = await libro();
  const hoja = workbook.addWorksheet('Antigüedad');
  hoja.columns = [16, 40, 14, 14, 14, 14, 14, 14].map((width) => ({ width }));
  const h = encabezado(
    hoja,
    `Antigüedad de cartera de ${empresa.nombre}`,
    [`RUC ${empresa.ruc}`, alDia(c.hoy)],
    COLUMNAS_CARTERA.map((col) => col.titulo),
  );
  hoja.views = [{ state: 'frozen', ySplit: h }];
  for (const r of c.clientes) hoja.addRow([r.CLI_IDENTIFICACION, r.CLI_RAZON_SOCIAL, ...tramos(r).map(aNumero)]);
  hoja.addRow([null, totalClientes(c), ...tramos(c.totales).map(aNumero)]).font = { bold: true };
  for (const col of [3, 4, 5, 6, 7, 8]) hoja.getColumn(col).numFmt = DINERO;
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function carteraClienteXlsx(empresa: Empresa, c: CarteraDeCliente): Promise<Buffer> {
  const workbook = await libro();
  const hoja = workbook.addWorksheet('Antigüedad');
  hoja.columns = [18, 12, 12, 14, 14, 12, 16].map((width) => ({ width }));
  const h = encabezado(
    hoja,
    `Antigüedad de cartera de ${c.cliente.CLI_RAZON_SOCIAL}`,
    [
      `Cliente: ${c.cliente.CLI_RAZON_SOCIAL} · Identificación ${c.cliente.CLI_IDENTIFICACION}`,
      `${empresa.nombre} · RUC ${empresa.ruc}`,
      alDia(c.hoy),
    ],
    COLUMNAS_CARTERA_FACTURAS.map((col) => col.titulo),
  );
  hoja.views = [{ state: 'frozen', ySplit: h }];
  for (const f of c.facturas)
    hoja.addRow([
      f.FAC_NUMERO,
      diaExcel(f.FAC_FECHA),
      diaExcel(f.vencimiento),
      aNumero(f.FAC_TOTAL),
      aNumero(f.saldo),
      f.diasVencida,
      nombreTramo(f),
    ]);
  hoja.addRow(['Total', null, null, null, aNumero(c.totales.saldo)]).font = { bold: true };
  hoja.addRow([]);
  tramos(c.totales).forEach((valor, i) => {
    const fila = hoja.addRow([TITULOS_TRAMOS[i], null, null, null, aNumero(valor)]);
    if (i === CLAVES_TRAMOS.length - 1) fila.font = { bold: true };
  });
  hoja.getColumn(2).numFmt = FECHA;
  hoja.getColumn(3).numFmt = FECHA;
  for (const col of [4, 5]) hoja.getColumn(col).numFmt = DINERO;
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export const reporteCartera = (formato: FormatoReporte, empresa: Empresa, c: Cartera) =>
  formato === 'pdf' ? carteraPdf(empresa, c) : carteraXlsx(empresa, c);

export const reporteCarteraCliente = (formato: FormatoReporte, empresa: Empresa, c: CarteraDeCliente) =>
  formato === 'pdf' ? carteraClientePdf(empresa, c) : carteraClienteXlsx(empresa, c);
