import { execFileSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import type { ComprobanteFactura } from '../../domain/facturas/comprobante';
import { crearDibujanteRide } from '../../server/modules/comprobantes/ride-hilos';
import { dibujarRide, type DatosRide, type OpcionesRide } from '../../server/modules/comprobantes/ride';
import { cuerpoFactura } from '../../server/modules/facturas/ride-cuerpo';
import { comprobanteEjemplo } from '../helpers/comprobante-ejemplo';
import { carpetaTemporal } from '../helpers/archivos';

/** RIDEs drawn in worker threads (RIDE_HILOS), read back by poppler as the buyer's viewer would. */
const carpeta = carpetaTemporal('ride-hilos-');
const guardar = (pdf: Buffer) => carpeta.guardar('ride.pdf', pdf);
const texto = (pdf: Buffer) => execFileSync('pdftotext', ['-layout', guardar(pdf), '-'], { encoding: 'utf8' });
const imagenes = (pdf: Buffer) =>
  execFileSync('pdfimages', ['-list', guardar(pdf)], { encoding: 'utf8' })
    .split('\n')
    .slice(2)
    .filter((linea) => linea.trim());

/** What the main thread sends: the invoice's body is computed here, never in the thread. */
const datos = (comprobante: ComprobanteFactura, opciones: OpcionesRide = {}): DatosRide => ({
  comprobante,
  cuerpo: cuerpoFactura(comprobante),
  titulo: 'FACTURA',
  opciones,
});

const dibujante = crearDibujanteRide(2);
afterAll(async () => {
  await dibujante.cerrar();
});

/** A 1×1 PNG (one opaque grey pixel). */
const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNgAAAAAgABSK+kcQAAAABJRU5ErkJggg==', 'base64');

describe('los RIDE dibujados en hilos', () => {
  it('un RIDE dibujado en un hilo dice lo mismo que uno dibujado en el bucle de eventos', async () => {
    const autorizacion = { numero: comprobanteEjemplo().infoTributaria.claveAcceso, fecha: new Date('2026-11-20T15:04:05Z') };
    const enHilo = await dibujante.dibujar(datos(comprobanteEjemplo(), { autorizacion }));
    const enBucle = await dibujarRide(datos(comprobanteEjemplo(), { autorizacion }));
    expect(enHilo.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(texto(enHilo)).toBe(texto(enBucle));
    expect(texto(enHilo)).toContain('No. 001-001-000000123');
  });

  it('el logo de la empresa llega al hilo y sale en el RIDE', async () => {
    const conLogo = await dibujante.dibujar(datos(comprobanteEjemplo(), { logo: PIXEL }));
    const sinLogo = await dibujante.dibujar(datos(comprobanteEjemplo()));
    // The access key's bar code is an image in both; the logo is one more.
    expect(imagenes(conLogo).length).toBe(imagenes(sinLogo).length + 1);
  });

  it('muchos RIDE a la vez, más que hilos: cada uno vuelve con su propia factura', async () => {
    const secuenciales = Array.from({ length: 9 }, (_, i) => String(200 + i).padStart(9, '0'));
    const pdfs = await Promise.all(
      secuenciales.map((secuencial) => {
        const comprobante = comprobanteEjemplo();
        comprobante.infoTributaria.secuencial = secuencial;
        return dibujante.dibujar(datos(comprobante));
      }),
    );
    pdfs.forEach((pdf, i) => expect(texto(pdf)).toContain(`No. 001-001-${secuenciales[i]}`));
  });

  it('un comprobante que no se puede dibujar falla con su error, y el hilo sigue dibujando los siguientes', async () => {
    const roto = datos(comprobanteEjemplo());
    (roto.cuerpo as { tabla: unknown }).tabla = undefined;
    await expect(dibujante.dibujar(roto)).rejects.toThrow(Error);
    expect(texto(await dibujante.dibujar(datos(comprobanteEjemplo())))).toContain('No. 001-001-000000123');
  });

  it('lo que no puede pasar a un hilo falla en el acto, y el hilo sigue dibujando', async () => {
    const raro = comprobanteEjemplo();
    (raro.infoTributaria as unknown as { razonSocial: unknown }).razonSocial = () => 'no se puede copiar';
    await expect(dibujante.dibujar({ ...datos(comprobanteEjemplo()), comprobante: raro })).rejects.toThrow(/could not be cloned/);
    expect(texto(await dibujante.dibujar(datos(comprobanteEjemplo())))).toContain('No. 001-001-000000123');
  });

  it('cerrar termina los hilos, y un RIDE pedido después inicia otro', async () => {
    const propio = crearDibujanteRide(1);
    await propio.dibujar(datos(comprobanteEjemplo()));
    await propio.cerrar();
    expect(texto(await propio.dibujar(datos(comprobanteEjemplo())))).toContain('No. 001-001-000000123');
    await propio.cerrar();
  });
});
