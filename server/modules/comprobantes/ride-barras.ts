/**
 * The access key's Code 128 (ISO/IEC 15417), drawn as filled rectangles: the 49 digits go in code set C two at a time,
 * the last one alone in set B. Vector bars print sharp at any resolution and cost a few path operators, where a barcode
 * image had to be rendered, decoded and embedded for every RIDE.
 */
import type { Doc } from './ride-pagina';

/** Each symbol's bar and space widths in modules, bar first (values 0 to 106; 106 is the stop, with its final bar). */
const PATRONES = `212222 222122 222221 121223 121322 131222 122213 122312 132212 221213 221312 231212 112232 122132 122231 113222
123122 123221 223211 221132 221231 213212 223112 312131 311222 321122 321221 312212 322112 322211 212123 212321 232121 111323 131123
131321 112313 132113 132311 211313 231113 231311 112133 112331 132131 113123 113321 133121 313121 211331 231131 213113 213311 213131
311123 311321 331121 312113 312311 332111 314111 221411 431111 111224 111422 121124 121421 141122 141221 112214 112412 122114 122411
142112 142211 241211 221114 413111 241112 134111 111242 121142 121241 114212 124112 124211 411212 421112 421211 212141 214121 412121
111143 111341 131141 114113 114311 411113 411311 113141 114131 311141 411131 211412 211214 211232 2331112`.split(/\s+/);

const INICIO_C = 105;
const CAMBIO_A_B = 100;
const PARADA = 106;
/** The quiet zone scanners need on each side, in modules. */
const MARGEN_SILENCIO = 10;

/** The symbol values of a string of digits: start C, pairs, set B for an odd last digit, check symbol, stop. */
export function valoresCode128(digitos: string): number[] {
  const valores = [INICIO_C];
  let i = 0;
  for (; i + 1 < digitos.length; i += 2) valores.push(Number(digitos.slice(i, i + 2)));
  if (i < digitos.length) valores.push(CAMBIO_A_B, digitos.charCodeAt(i) - 32);
  const control = valores.reduce((suma, v, k) => suma + v * Math.max(k, 1), 0) % 103;
  return [...valores, control, PARADA];
}

/** Draws the digits' Code 128 filling (x, y, ancho, alto), quiet zones included, in black. */
export function dibujarCode128(doc: Doc, digitos: string, x: number, y: number, ancho: number, alto: number) {
  const patrones = valoresCode128(digitos).map((v) => PATRONES[v]!);
  const modulos = patrones.reduce((suma, p) => suma + [...p].reduce((s, w) => s + Number(w), 0), 0) + 2 * MARGEN_SILENCIO;
  const modulo = ancho / modulos;
  let cx = x + MARGEN_SILENCIO * modulo;
  for (const patron of patrones)
    for (let k = 0; k < patron.length; k++) {
      const w = Number(patron[k]) * modulo;
      if (k % 2 === 0) doc.rect(cx, y, w, alto);
      cx += w;
    }
  doc.fill('#000000');
}
