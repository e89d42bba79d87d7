import { ANCHO, BORDE, INICIO_CONTINUACION, LIMITE, MARGEN, alto, escribir, fondo, type Doc, type Lienzo } from './ride-pagina';
import type { Comprobante, CuerpoRide } from './tipo';

const ANCHO_IZQUIERDA = 322;
const SEPARACION = 12;
const ANCHO_TOTALES = ANCHO - ANCHO_IZQUIERDA - SEPARACION;
const TAMANO = 7.5;
const RX = 4;
const RY = 3;

type Celda = { texto: string; ancho: number; negrita?: boolean; derecha?: boolean };

const altoFila = (doc: Doc, celdas: Celda[]) =>
  Math.max(...celdas.map((c) => alto(doc, c.texto, c.ancho - 2 * RX, { negrita: c.negrita, tamano: TAMANO }))) + 2 * RY;

const medirTabla = (doc: Doc, filas: Celda[][]) => filas.reduce((suma, celdas) => suma + altoFila(doc, celdas), 0);

/**
 * A small bordered table from y0, its first row shaded when it is a header. A row that does not fit goes to a new
 * page (only a foot taller than a page, such as 15 long additional fields, needs it). Returns where the table ends.
 */
function dibujarTabla(l: Lienzo, x: number, y0: number, filas: Celda[][], conCabecera: boolean): number {
  const { doc } = l;
  const ancho = filas[0]?.reduce((suma, c) => suma + c.ancho, 0) ?? 0;
  let y = y0;
  filas.forEach((celdas, i) => {
    const h = altoFila(doc, celdas);
    if (y + h > LIMITE) {
      l.nuevaPagina();
      y = l.y;
    }
    if (conCabecera && i === 0) fondo(doc, x, y, ancho, h);
    let cx = x;
    for (const c of celdas) {
      escribir(doc, c.texto, cx + RX, y + RY, c.ancho - 2 * RX, {
        negrita: c.negrita,
        tamano: TAMANO,
        alinear: c.derecha ? 'right' : 'left',
      });
      doc.lineWidth(0.5).strokeColor(BORDE).rect(cx, y, c.ancho, h).stroke();
      cx += c.ancho;
    }
    y += h;
  });
  return y;
}

function filasAdicionales(campos: NonNullable<Comprobante['infoAdicional']>): Celda[][] {
  if (!campos.length) return [];
  return [
    [{ texto: 'Información Adicional', ancho: ANCHO_IZQUIERDA, negrita: true }],
    ...campos.map((a) => [
      { texto: a.nombre, ancho: 100, negrita: true },
      { texto: a.valor, ancho: ANCHO_IZQUIERDA - 100 },
    ]),
  ];
}

function filasPagos(pagos: CuerpoRide['pagos']): Celda[][] {
  if (!pagos) return [];
  const anchos = [198, 62, ANCHO_IZQUIERDA - 260];
  return [
    [
      { texto: 'Forma de pago', ancho: anchos[0], negrita: true },
      { texto: 'Valor', ancho: anchos[1], negrita: true, derecha: true },
      { texto: 'Plazo', ancho: anchos[2], negrita: true },
    ],
    ...pagos.map(([forma, valor, plazo]) => [
      { texto: forma, ancho: anchos[0] },
      { texto: valor, ancho: anchos[1], derecha: true },
      { texto: plazo, ancho: anchos[2] },
    ]),
  ];
}

/** Labels in bold; the last row is the document's total, its amount in bold too. */
function filasDeTotales(totales: CuerpoRide['totales']): Celda[][] {
  return totales.map(([etiqueta, valor], i) => [
    { texto: etiqueta, ancho: ANCHO_TOTALES - 72, negrita: true },
    { texto: valor, ancho: 72, derecha: true, negrita: i === totales.length - 1 },
  ]);
}

/**
 * Additional information and payments on the left, totals on the right, kept together on one page: a new one when
 * they do not fit under the lines.
 */
export function dibujarPie(l: Lienzo, infoAdicional: NonNullable<Comprobante['infoAdicional']>, cuerpo: CuerpoRide) {
  const { doc } = l;
  const adicionales = filasAdicionales(infoAdicional);
  const pagos = filasPagos(cuerpo.pagos);
  const totales = filasDeTotales(cuerpo.totales);
  const separacion = adicionales.length && pagos.length ? 8 : 0;
  const altura = Math.max(medirTabla(doc, adicionales) + separacion + medirTabla(doc, pagos), medirTabla(doc, totales));
  // A foot taller than a whole page starts under the lines anyway and flows on: a new page would only waste this one.
  const cabeEnUnaPagina = INICIO_CONTINUACION + altura <= LIMITE;
  if (l.y + 8 + altura > LIMITE && cabeEnUnaPagina) l.nuevaPagina();
  else l.y += 8;
  const inicio = l.y;
  const paginaInicio = doc.bufferedPageRange().count;
  const finTotales = dibujarTabla(l, MARGEN + ANCHO_IZQUIERDA + SEPARACION, inicio, totales, false);
  const finAdicionales = dibujarTabla(l, MARGEN, inicio, adicionales, true);
  const finPagos = dibujarTabla(l, MARGEN, finAdicionales + separacion, pagos, true);
  // The left column only leaves the page when it is taller than a page; then it ends below everything else.
  l.y = doc.bufferedPageRange().count === paginaInicio ? Math.max(finTotales, finPagos) : finPagos;
}
