import { fechaCorta, hoyEcuador } from '../../../domain/fechas';
import { aNumero, DINERO, diaExcel, encabezado, FECHA, generado, libro, nombreArchivo, Pdf, type Columna, type Empresa } from '../cuentas';
import { NOMBRE_DOCUMENTO_PROVEEDOR, type CuentaProveedor, type FormatoReporte } from './contract';

/** A supplier's account as PDF (A4, the clients' statement's look) or Excel (Documentos and Movimientos sheets). */

export const archivoCuentaProveedor = (identificacion: string, formato: FormatoReporte) =>
  `cuenta-proveedor-${nombreArchivo(identificacion)}-${hoyEcuador()}.${formato}`;

type Documento = CuentaProveedor['documentos'][number];
type Movimiento = CuentaProveedor['movimientos'][number];

const SIN_PAGOS = 'Amelia aún no registra pagos a proveedores: el saldo es lo comprado menos las notas de crédito y lo retenido.';

const cifras = (c: CuentaProveedor): Array<[string, string]> => [
  ['Comprado', `USD ${c.totales.comprado}`],
  ['Notas de crédito', `USD ${c.totales.notasCredito}`],
  ['Retenido', `USD ${c.totales.retenido}`],
  ['Saldo por pagar', `USD ${c.totales.saldo}`],
];

const COLUMNAS_DOCUMENTOS: Columna<Documento>[] = [
  { titulo: 'Documento', ancho: 110, valor: (d) => NOMBRE_DOCUMENTO_PROVEEDOR[d.tipo] },
  { titulo: 'Número', ancho: 95, valor: (d) => d.numero },
  { titulo: 'Emisión', ancho: 60, valor: (d) => fechaCorta(d.fecha) },
  { titulo: 'Total', ancho: 80, valor: (d) => d.total, derecha: true },
  { titulo: 'Retenido', ancho: 80, valor: (d) => d.retenido, derecha: true },
  { titulo: 'Saldo', ancho: 80, valor: (d) => d.saldo, derecha: true },
];

const COLUMNAS_MOVIMIENTOS: Columna<Movimiento>[] = [
  { titulo: 'Fecha', ancho: 55, valor: (m) => fechaCorta(m.fecha) },
  { titulo: 'Concepto', ancho: 250, valor: (m) => m.concepto },
  { titulo: 'Debe', ancho: 78, valor: (m) => (m.debe === '0.00' ? '' : m.debe), derecha: true },
  { titulo: 'Haber', ancho: 78, valor: (m) => (m.haber === '0.00' ? '' : m.haber), derecha: true },
  { titulo: 'Saldo', ancho: 78, valor: (m) => m.saldo, derecha: true },
];

const lineas = (empresa: Empresa, c: CuentaProveedor) => [
  `Proveedor: ${c.proveedor.PRV_RAZON_SOCIAL} · Identificación ${c.proveedor.PRV_IDENTIFICACION}`,
  `${empresa.nombre} · RUC ${empresa.ruc}`,
  `Saldos al ${fechaCorta(c.hoy)} · ${generado()}`,
];
const titulo = (c: CuentaProveedor) => `Cuenta del proveedor ${c.proveedor.PRV_RAZON_SOCIAL}`;

async function cuentaPdf(empresa: Empresa, c: CuentaProveedor): Promise<Buffer> {
  const pdf = await Pdf.nuevo(titulo(c), lineas(empresa, c));
  pdf.cifras(cifras(c));
  pdf.seccion('Documentos');
  pdf.tabla(COLUMNAS_DOCUMENTOS, c.documentos, 'No hay documentos de este proveedor');
  pdf.seccion('Movimientos');
  pdf.tabla(COLUMNAS_MOVIMIENTOS, c.movimientos, 'No hay movimientos');
  pdf.texto(SIN_PAGOS);
  return pdf.fin();
}

async function cuentaXlsx(empresa: Empresa, c: CuentaProveedor): Promise<Buffer> {
  const workbook = await libro();
  const encabezados = [...lineas(empresa, c), SIN_PAGOS];
  const documentos = workbook.addWorksheet('Documentos');
  documentos.columns = [22, 20, 12, 14, 14, 14].map((width) => ({ width }));
  const hd = encabezado(
    documentos,
    titulo(c),
    encabezados,
    COLUMNAS_DOCUMENTOS.map((x) => x.titulo),
  );
  documentos.views = [{ state: 'frozen', ySplit: hd }];
  for (const d of c.documentos)
    documentos.addRow([
      NOMBRE_DOCUMENTO_PROVEEDOR[d.tipo],
      d.numero,
      diaExcel(d.fecha),
      aNumero(d.total),
      aNumero(d.retenido),
      aNumero(d.saldo),
    ]);
  documentos.addRow([]);
  for (const [etiqueta, valor] of [
    ['Comprado', c.totales.comprado],
    ['Notas de crédito', c.totales.notasCredito],
    ['Retenido', c.totales.retenido],
    ['Saldo por pagar', c.totales.saldo],
  ] as const)
    documentos.addRow([etiqueta, null, null, null, null, aNumero(valor)]).font = { bold: true };
  documentos.getColumn(3).numFmt = FECHA;
  for (const col of [4, 5, 6]) documentos.getColumn(col).numFmt = DINERO;

  const movimientos = workbook.addWorksheet('Movimientos');
  movimientos.columns = [12, 60, 14, 14, 14].map((width) => ({ width }));
  const hm = encabezado(
    movimientos,
    titulo(c),
    encabezados,
    COLUMNAS_MOVIMIENTOS.map((x) => x.titulo),
  );
  movimientos.views = [{ state: 'frozen', ySplit: hm }];
  for (const m of c.movimientos) movimientos.addRow([diaExcel(m.fecha), m.concepto, aNumero(m.debe), aNumero(m.haber), aNumero(m.saldo)]);
  movimientos.getColumn(1).numFmt = FECHA;
  for (const col of [3, 4, 5]) movimientos.getColumn(col).numFmt = DINERO;
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export const reporteCuentaProveedor = (formato: FormatoReporte, empresa: Empresa, c: CuentaProveedor) =>
  formato === 'pdf' ? cuentaPdf(empresa, c) : cuentaXlsx(empresa, c);
