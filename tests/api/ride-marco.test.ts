import { afterAll, describe, expect, it } from 'vitest';
import { dibujarRide, type DatosRide } from '../../server/modules/comprobantes/ride';
import { crearDibujanteRide } from '../../server/modules/comprobantes/ride-hilos';
import type { CuerpoRide } from '../../server/modules/comprobantes/tipo';
import { comprobanteEjemplo } from '../helpers/comprobante-ejemplo';
import { carpetaTemporal } from '../helpers/archivos';

/**
 * The RIDE's frame around a body no document type computed: whatever a type gives (here a made-up credit note with a
 * long table), the reader gets the issuer, the title and number on every page, the recipient, the document it
 * modifies, every row and the totals. Read back by poppler, as the recipient's viewer would.
 */
const { paginas } = carpetaTemporal('ride-marco-');

const hilos = crearDibujanteRide(2);
const bucle = crearDibujanteRide(0);
afterAll(async () => {
  await hilos.cerrar();
});

const FILAS = 100;
const cuerpo = (): CuerpoRide => ({
  emisor: { dirEstablecimiento: 'Av. Amazonas N34-120 y Atahualpa, Quito', obligadoContabilidad: 'SI' },
  receptor: [
    ['Razón Social / Nombres y Apellidos:', 'CONSTRUCTORA LOS ANDES S.A.'],
    ['Identificación:', '1790016919001'],
    ['Fecha Emisión:', '20/03/2025'],
  ],
  modificado: [
    ['Comprobante que se modifica:', 'FACTURA 001-001-000000123'],
    ['Fecha Emisión (Comprobante a modificar):', '15/03/2025'],
    ['Razón de Modificación:', 'Devolución de mercadería defectuosa'],
  ],
  tabla: {
    columnas: [
      { titulo: 'Código', ancho: 0.15 },
      { titulo: 'Descripción', ancho: 0.65 },
      { titulo: 'Valor', ancho: 0.2, alinear: 'right' },
    ],
    filas: Array.from({ length: FILAS }, (_, i) => [`R-${String(i + 1).padStart(4, '0')}`, `Devolución del artículo ${i + 1}`, '1.00']),
    adicionales: { columna: 1, textos: Array.from({ length: FILAS }, (_, i) => (i === 41 ? 'Lote: A-42' : '')) },
  },
  totales: [
    ['SUBTOTAL 15 %', '100.00'],
    ['IVA 15 %', '15.00'],
    ['VALOR TOTAL', '115.00'],
  ],
});

const datos = (c: CuerpoRide = cuerpo()): DatosRide => {
  const comprobante = comprobanteEjemplo();
  Object.assign(comprobante.infoTributaria, { codDoc: '04', estab: '001', ptoEmi: '002', secuencial: '000000045' });
  comprobante.infoAdicional = [{ nombre: 'Email', valor: 'compras@losandes.com.ec' }];
  return { comprobante, cuerpo: c, titulo: 'NOTA DE CRÉDITO', opciones: {} };
};

describe('el marco del RIDE, con el cuerpo que da el tipo de documento', () => {
  it('una tabla de tres páginas: título y número al pie de cada una, la cabecera repetida, el receptor, el documento modificado y los totales', async () => {
    const pdf = await dibujarRide(datos());
    const hojas = paginas(pdf);
    expect(hojas).toHaveLength(3);
    hojas.forEach((hoja, i) => {
      expect(hoja).toContain('NOTA DE CRÉDITO No. 001-002-000000045');
      expect(hoja).toContain(`Página ${i + 1} de 3`);
      expect(hoja).toMatch(/Código\s+Descripción\s+Valor/);
      // Pages after the first say whose document they are, with the issuer and the access key.
      if (i > 0) expect(hoja).toContain(`Clave de acceso: ${comprobanteEjemplo().infoTributaria.claveAcceso}`);
    });
    const [primera] = hojas;
    for (const esperado of [
      'DISTRIBUIDORA PÉREZ & HIJOS CÍA. LTDA.',
      'R.U.C.: 1792060346001',
      'NOTA DE CRÉDITO',
      'No. 001-002-000000045',
      'PENDIENTE DE AUTORIZACIÓN',
      'Dirección Sucursal: Av. Amazonas N34-120 y Atahualpa, Quito',
      'OBLIGADO A LLEVAR CONTABILIDAD: SI',
      'Razón Social / Nombres y Apellidos: CONSTRUCTORA LOS ANDES S.A.',
      'Identificación: 1790016919001',
      'Fecha Emisión: 20/03/2025',
      'Comprobante que se modifica: FACTURA 001-001-000000123',
      'Fecha Emisión (Comprobante a modificar): 15/03/2025',
      'Razón de Modificación: Devolución de mercadería defectuosa',
    ])
      expect(primera).toContain(esperado);
    expect(primera).not.toContain('FACTURA No.');
    const todo = hojas.join('\n');
    for (let n = 1; n <= FILAS; n++)
      expect(todo.match(new RegExp(`R-${String(n).padStart(4, '0')}\\s+Devolución del artículo ${n}\\s+1\\.00`, 'g'))).toHaveLength(1);
    expect(todo).toContain('Lote: A-42');
    const ultima = hojas.at(-1)!;
    expect(ultima).toMatch(/SUBTOTAL 15 %\s+100\.00/);
    expect(ultima).toMatch(/IVA 15 %\s+15\.00/);
    expect(ultima).toMatch(/VALOR TOTAL\s+115\.00/);
    expect(ultima).toMatch(/Email\s+compras@losandes\.com\.ec/);
    // A credit note carries no payments: no payments table.
    expect(todo).not.toContain('Forma de pago');
  });

  it('en hilos y en el bucle de eventos (RIDE_HILOS=0) dice lo mismo', async () => {
    const pagos: CuerpoRide['pagos'] = [['SIN UTILIZACIÓN DEL SISTEMA FINANCIERO', '115.00', '']];
    const conPagos = { ...datos({ ...cuerpo(), pagos }), titulo: 'NOTA DE DÉBITO' };
    const enHilo = paginas(await hilos.dibujar(conPagos));
    const enBucle = paginas(await bucle.dibujar(conPagos));
    expect(enHilo).toEqual(enBucle);
    expect(enHilo).toHaveLength(3);
    expect(enHilo.at(-1)).toContain('NOTA DE DÉBITO No. 001-002-000000045');
    expect(enHilo.at(-1)).toMatch(/SIN UTILIZACIÓN DEL SISTEMA FINANCIERO\s+115\.00/);
  });
});
