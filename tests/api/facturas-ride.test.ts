import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { ComprobanteFactura } from '../../domain/facturas/comprobante';
import { dibujarRide, type OpcionesRide } from '../../server/modules/comprobantes/ride';
import { cuerpoFactura } from '../../server/modules/facturas/ride-cuerpo';
import { CLAVE_ACCESO_EJEMPLO, comprobanteConLineas, comprobanteEjemplo } from '../helpers/comprobante-ejemplo';
import { carpetaTemporal } from '../helpers/archivos';

/** The RIDE as the buyer gets it: rendered by poppler (pdftotext, pdftoppm, pdfimages), never by our own code. */
const rideFactura = (comprobante: ComprobanteFactura, opciones: OpcionesRide) =>
  dibujarRide({ comprobante, cuerpo: cuerpoFactura(comprobante), titulo: 'FACTURA', opciones });
const carpeta = carpetaTemporal('ride-');
const SHOTS = '/tmp/shots-ride';
const guardar = (pdf: Buffer) => carpeta.guardar('ride.pdf', pdf);
/** The text layer, one string per page (pdftotext separates pages with a form feed). */
const { paginas } = carpeta;
/** One page as a grey image: P5 (PGM) bytes, one byte per pixel. Options crop in pixels (-x -y -W -H). */
function gris(pdf: Buffer, pagina: number, dpi: number, recorte: string[] = []) {
  const base = carpeta.ruta('gris');
  execFileSync('pdftoppm', [
    '-gray',
    '-r',
    String(dpi),
    '-f',
    String(pagina),
    '-l',
    String(pagina),
    '-singlefile',
    ...recorte,
    guardar(pdf),
    base,
  ]);
  const pgm = readFileSync(`${base}.pgm`);
  const cabecera = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(pgm.subarray(0, 40).toString('latin1'))!;
  const [ancho, alto] = [Number(cabecera[1]), Number(cabecera[2])];
  return { ancho, alto, pixel: (x: number, y: number) => pgm[cabecera[0].length + y * ancho + x] };
}
function captura(pdf: Buffer, pagina: number, nombre: string): Buffer {
  mkdirSync(SHOTS, { recursive: true });
  const base = join(SHOTS, nombre);
  execFileSync('pdftoppm', ['-png', '-r', '80', '-f', String(pagina), '-l', String(pagina), '-singlefile', guardar(pdf), base]);
  return readFileSync(`${base}.png`);
}

/** A 360×120 PNG, dark blue, written by hand: a logo three times wider than tall. */
function logoPng(ancho = 360, alto = 120): Buffer {
  const fila = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: ancho }, () => [10, 20, 70]).flat())]);
  const chunk = (tipo: string, datos: Buffer) => {
    const cuerpo = Buffer.concat([Buffer.from(tipo, 'latin1'), datos]);
    const largo = Buffer.alloc(4);
    largo.writeUInt32BE(datos.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(cuerpo));
    return Buffer.concat([largo, cuerpo, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(ancho, 0);
  ihdr.writeUInt32BE(alto, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: alto }, () => fila)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Code 128's bar/space widths of each value 0..106 (ISO/IEC 15417), to read the printed barcode back. */
const PATRONES = `212222 222122 222221 121223 121322 131222 122213 122312 132212 221213 221312 231212 112232 122132 122231 113222
123122 123221 223211 221132 221231 213212 223112 312131 311222 321122 321221 312212 322112 322211 212123 212321 232121 111323 131123
131321 112313 132113 132311 211313 231113 231311 112133 112331 132131 113123 113321 133121 313121 211331 231131 213113 213311 213131
311123 311321 331121 312113 312311 332111 314111 221411 431111 111224 111422 121124 121421 141122 141221 112214 112412 122114 122411
142112 142211 241211 221114 413111 241112 134111 111242 121142 121241 114212 124112 124211 411212 421112 421211 212141 214121 412121
111143 111341 131141 114113 114311 411113 411311 113141 114131 311141 411131 211412 211214 211232`.split(/\s+/);

/** Decodes one row of pixels crossing a Code 128 symbol (code sets B and C), checking its check symbol. */
function leerCode128(fila: number[]): string | undefined {
  const oscuro = fila.map((v) => v < 128);
  let i = oscuro.indexOf(true);
  if (i < 0) return undefined;
  const tramos: number[] = [];
  for (let n = 1; ++i <= oscuro.length; n++) {
    if (i === oscuro.length || oscuro[i] !== oscuro[i - 1]) {
      tramos.push(n);
      n = 0;
    }
  }
  const valores: number[] = [];
  for (let s = 0; s + 6 <= tramos.length; s += 6) {
    const grupo = tramos.slice(s, s + 6);
    const modulo = grupo.reduce((a, b) => a + b, 0) / 11;
    const patron = grupo.map((t) => Math.round(t / modulo)).join('');
    if (patron === '233111') break; // stop
    const valor = PATRONES.indexOf(patron);
    if (valor < 0) return undefined;
    valores.push(valor);
  }
  if (valores.length < 3) return undefined;
  const control = valores.pop()!;
  if (valores.reduce((suma, v, k) => suma + v * Math.max(k, 1), 0) % 103 !== control) return undefined;
  let juego = valores[0] === 105 ? 'C' : valores[0] === 104 ? 'B' : 'A';
  let texto = '';
  for (const v of valores.slice(1)) {
    if (juego === 'C' && v === 100) juego = 'B';
    else if (juego === 'B' && v === 99) juego = 'C';
    else if (juego === 'C') texto += String(v).padStart(2, '0');
    else texto += String.fromCharCode(v + 32);
  }
  return texto;
}

const texto = (pdf: Buffer) => paginas(pdf).join('\f');
/** pdftotext -layout keeps the columns apart with spaces: "VALOR TOTAL      150.56". */
const fila = (etiqueta: string, valor: string) => new RegExp(`${etiqueta.replace(/[.%]/g, '\\$&')}\\s+${valor.replace('.', '\\.')}\\b`);

describe('RIDE de la factura', () => {
  it('lleva en su texto al emisor, el número, la clave de acceso, el comprador, las líneas, los pagos y los totales', async () => {
    const pdf = await rideFactura(comprobanteEjemplo(), {});
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const [pagina, ...otras] = paginas(pdf);
    expect(otras).toEqual([]);
    for (const esperado of [
      'DISTRIBUIDORA PÉREZ & HIJOS CÍA. LTDA.',
      'Dirección Matriz: Av. 10 de Agosto N24-56 y Cordero, Quito',
      'Dirección Sucursal: Av. Amazonas N34-120 y Atahualpa, Quito',
      'OBLIGADO A LLEVAR CONTABILIDAD: SI',
      'CONTRIBUYENTE RÉGIMEN RIMPE',
      'R.U.C.: 1792060346001',
      'No. 001-001-000000123',
      'PENDIENTE DE AUTORIZACIÓN',
      'AMBIENTE: PRUEBAS',
      'EMISIÓN: NORMAL',
      CLAVE_ACCESO_EJEMPLO,
      'Razón Social / Nombres y Apellidos: CONSTRUCTORA LOS ANDES S.A.',
      'Identificación: 1790016919001',
      'Fecha de Emisión: 15/03/2025',
      'Dirección: Calle Bolívar 8-45 y Presidente Córdova, Cuenca',
      'compras@losandes.com.ec',
      'Color: Azul',
    ])
      expect(pagina).toContain(esperado);
    // Quantities and unit prices without the XML's trailing zeros, but never fewer than 2 decimals.
    expect(pagina).toMatch(/SERV-001\s+2\.50\s+Servicio de asesoría contable \(horas\)\s+40\.00\s+10\.00\s+90\.00/);
    expect(pagina).toMatch(/CAB-UTP6\s+7861234500012\s+12\.345678\s+Cable UTP categoría 6 \(metros\)\s+0\.85\s+0\.00\s+10\.49/);
    expect(pagina).toMatch(/SIN UTILIZACIÓN DEL SISTEMA FINANCIERO\s+50\.56/);
    expect(pagina).toMatch(/TARJETA DE CRÉDITO\s+100\.00\s+30 días/);
    for (const [etiqueta, valor] of [
      ['SUBTOTAL 15 %', '100.49'],
      ['SUBTOTAL 5 %', '0.00'],
      ['SUBTOTAL 0 %', '35.00'],
      ['SUBTOTAL NO OBJETO DE IVA', '0.00'],
      ['SUBTOTAL EXENTO DE IVA', '0.00'],
      ['SUBTOTAL SIN IMPUESTOS', '135.49'],
      ['TOTAL DESCUENTO', '12.50'],
      ['ICE', '0.00'],
      ['IVA 15 %', '15.07'],
      ['IVA 5 %', '0.00'],
      ['PROPINA', '0.00'],
      ['VALOR TOTAL', '150.56'],
    ])
      expect(pagina).toMatch(fila(etiqueta, valor));
    expect(pagina).toContain('Página 1 de 1');
  });

  it('se ve: la primera página es una imagen A4 con tinta, y el código de barras impreso se lee como la clave de acceso', async () => {
    const pdf = await rideFactura(comprobanteEjemplo(), {});
    const png = captura(pdf, 1, 'ride-factura-p1');
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    // A4 at 80 dpi: 595.28 × 841.89 pt → 662 × 936 px (pdftoppm rounds up).
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([662, 936]);
    expect(png.length).toBeGreaterThan(30_000);

    // The barcode, printed at 300 dpi, reads back as the 49 digits.
    const pt = (v: number) => String(Math.round((v * 300) / 72));
    const barras = gris(pdf, 1, 300, ['-x', pt(308), '-y', pt(28), '-W', pt(255), '-H', pt(240)]);
    const lecturas = new Set<string>();
    for (let y = 0; y < barras.alto; y += 2) {
      const leido = leerCode128(Array.from({ length: barras.ancho }, (_, x) => barras.pixel(x, y)));
      if (leido) lecturas.add(leido);
    }
    expect([...lecturas]).toEqual([CLAVE_ACCESO_EJEMPLO]);
  });

  it('autorizada: imprime el número y la fecha y hora de autorización en Ecuador, el estado y el ambiente de producción', async () => {
    const comprobante = comprobanteEjemplo();
    comprobante.infoTributaria.ambiente = '2';
    const pdf = await rideFactura(comprobante, {
      autorizacion: { numero: CLAVE_ACCESO_EJEMPLO, fecha: new Date('2025-03-15T19:04:05Z') },
      estado: 'AUTORIZADO',
    });
    const pagina = texto(pdf);
    // The authorization number is the access key (offline scheme): printed once as such, once under the barcode.
    expect(pagina).toContain('NÚMERO DE AUTORIZACIÓN');
    expect(pagina.split(CLAVE_ACCESO_EJEMPLO)).toHaveLength(3);
    expect(pagina).toContain('FECHA Y HORA DE AUTORIZACIÓN: 15/03/2025 14:04:05');
    expect(pagina).toContain('ESTADO: AUTORIZADO');
    expect(pagina).toContain('AMBIENTE: PRODUCCIÓN');
    expect(pagina).not.toContain('PENDIENTE');
  });

  it('el logo conserva su proporción dentro de 180 × 80 pt; un logo ilegible no impide imprimir la factura', async () => {
    const pdf = await rideFactura(comprobanteEjemplo(), {
      logo: logoPng(),
      autorizacion: { numero: CLAVE_ACCESO_EJEMPLO, fecha: new Date('2025-03-15T19:04:05Z') },
      estado: 'AUTORIZADO',
    });
    captura(pdf, 1, 'ride-logo-autorizada-p1');
    // At 72 dpi a pixel is a point: the 360×120 logo fills 180 × 60 pt from the top-left margin (28, 28).
    const pagina = gris(pdf, 1, 72, ['-x', '0', '-y', '0', '-W', '300', '-H', '100']);
    const oscuros: Array<[number, number]> = [];
    for (let y = 0; y < pagina.alto; y++) for (let x = 0; x < pagina.ancho; x++) if (pagina.pixel(x, y) < 60) oscuros.push([x, y]);
    const xs = oscuros.map(([x]) => x);
    const ys = oscuros.map(([, y]) => y);
    expect([Math.min(...xs), Math.min(...ys)]).toEqual([28, 28]);
    expect(Math.max(...xs) - Math.min(...xs) + 1).toBeCloseTo(180, -0.5);
    expect(Math.max(...ys) - Math.min(...ys) + 1).toBeCloseTo(60, -0.5);
    expect(texto(pdf)).toContain('DISTRIBUIDORA PÉREZ & HIJOS CÍA. LTDA.');

    const sinLogo = await rideFactura(comprobanteEjemplo(), { logo: Buffer.from('no es una imagen') });
    expect(texto(sinLogo)).toContain('No. 001-001-000000123');
  });

  it('muestra cada tarifa que trae el documento: 12 % de documentos antiguos, 5 %, no objeto, exento, ICE y propina', async () => {
    const comprobante = comprobanteEjemplo();
    Object.assign(comprobante.infoFactura, {
      totalConImpuestos: [
        { codigo: '2', codigoPorcentaje: '2', baseImponible: '100.00', tarifa: '12.00', valor: '12.00' },
        { codigo: '2', codigoPorcentaje: '5', baseImponible: '20.00', tarifa: '5.00', valor: '1.00' },
        { codigo: '2', codigoPorcentaje: '6', baseImponible: '7.00', tarifa: '0.00', valor: '0.00' },
        { codigo: '2', codigoPorcentaje: '7', baseImponible: '8.00', tarifa: '0.00', valor: '0.00' },
        { codigo: '3', codigoPorcentaje: '3011', baseImponible: '100.00', tarifa: '15.00', valor: '1.23' },
      ],
      propina: '2.00',
    } satisfies Partial<ComprobanteFactura['infoFactura']>);
    const pagina = texto(await rideFactura(comprobante, {}));
    for (const [etiqueta, valor] of [
      ['SUBTOTAL 12 %', '100.00'],
      ['SUBTOTAL 5 %', '20.00'],
      ['SUBTOTAL 15 %', '0.00'],
      ['SUBTOTAL NO OBJETO DE IVA', '7.00'],
      ['SUBTOTAL EXENTO DE IVA', '8.00'],
      ['ICE', '1.23'],
      ['IVA 12 %', '12.00'],
      ['IVA 5 %', '1.00'],
      ['PROPINA', '2.00'],
    ])
      expect(pagina).toMatch(fila(etiqueta, valor));
  });

  it('120 líneas: varias páginas, cada una repite la cabecera de la tabla, las descripciones largas se ajustan y ninguna línea se pierde', async () => {
    const comprobante = comprobanteConLineas(120);
    comprobante.detalles.forEach((d, i) => {
      if (i % 10 === 9)
        d.descripcion = `Producto de prueba número ${i + 1}: ${'descripción larga que no cabe en una sola línea de la columna, '.repeat(3)}finlinea${i + 1}`;
    });
    const pdf = await rideFactura(comprobante, {});
    const hojas = paginas(pdf);
    expect(hojas.length).toBeGreaterThanOrEqual(3);
    hojas.forEach((hoja, i) => {
      expect(hoja).toContain(`Página ${i + 1} de ${hojas.length}`);
      expect(hoja).toContain('FACTURA No. 001-001-000000123');
      if (/P-\d{4}/.test(hoja))
        expect(hoja).toMatch(/Cod\. Principal\s+Cod\. Auxiliar\s+Cantidad\s+Descripción\s+Descuento\s+Precio Total/);
    });
    const todo = hojas.join('\n');
    for (let n = 1; n <= 120; n++) expect(todo.match(new RegExp(`P-${String(n).padStart(4, '0')}\\b`, 'g'))).toHaveLength(1);
    for (let n = 10; n <= 120; n += 10) expect(todo).toMatch(new RegExp(`finlinea${n}\\b`));
    expect(hojas.at(-1)).toMatch(fila('VALOR TOTAL', comprobante.infoFactura.importeTotal));
    captura(pdf, 2, 'ride-120-lineas-p2');
  });

  it('los textos más largos que el esquema admite se ajustan: 15 campos adicionales de 300 caracteres y un comprador de 300', async () => {
    const comprobante = comprobanteEjemplo();
    const largo = (n: number) => `${'Texto largo con tildes: información, dirección, número. '.repeat(6).slice(0, 285)} finlargo${n}`;
    comprobante.infoAdicional = Array.from({ length: 15 }, (_, i) => ({ nombre: `Campo ${i + 1}`, valor: largo(i + 1) }));
    comprobante.infoFactura.razonSocialComprador = largo(99);
    const hojas = paginas(await rideFactura(comprobante, {}));
    hojas.forEach((hoja, i) => expect(hoja).toContain(`Página ${i + 1} de ${hojas.length}`));
    const todo = hojas.join('\n');
    for (const n of [...Array.from({ length: 15 }, (_, i) => i + 1), 99]) expect(todo).toMatch(new RegExp(`finlargo${n}\\b`));
    expect(todo).toMatch(fila('VALOR TOTAL', '150.56'));
    expect(todo).toMatch(/TARJETA DE CRÉDITO\s+100\.00/);
  });

  it('se imprime rápido: mediana de 20 RIDEs', async () => {
    const comprobante = comprobanteEjemplo();
    const logo = logoPng();
    const veces: number[] = [];
    for (let i = 0; i < 21; i++) {
      const inicio = performance.now();
      await rideFactura(comprobante, { logo });
      if (i) veces.push(performance.now() - inicio); // the first one loads the fonts
    }
    veces.sort((a, b) => a - b);
    const mediana = veces[10];
    console.info(`RIDE de 3 líneas: mediana ${mediana.toFixed(1)} ms, máximo ${veces.at(-1)!.toFixed(1)} ms`);
    expect(mediana).toBeLessThan(100);
  });
});
