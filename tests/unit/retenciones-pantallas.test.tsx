import { describe, expect, it } from 'vitest';
import { on, stubFetch } from '../helpers/fetch-stub';
import { PUNTO } from '../helpers/facturas-pantallas';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, ResourceContextProvider } from 'react-admin';
import { MemoryRouter, Route, Routes } from 'react-router';
import { createDataProvider } from '../../src/dataProvider/createDataProvider';
import { i18nProvider } from '../../src/i18n/provider';
import { RetencionCreate } from '../../src/resources/retenciones/RetencionForm';
import type { CodigoRetencionVigente } from '../../domain/contratos/codigosRetencion';
import type { RetencionBorrador, SustentoDisponible } from '../../domain/contratos/retenciones';
import { hoyEcuador, sumarDias } from '../../domain/fechas';

/**
 * The retención's form with its real components and the company's data provider; only HTTP is stubbed: `fetch`
 * answers from the routes below (the contracts' shapes) and records what was sent.
 */
const { routes, sent } = stubFetch();

const hoy = hoyEcuador();

const PROVEEDOR = {
  PRV_CODIGO: 8,
  PRV_TIPO_IDENTIFICACION: '04',
  PRV_IDENTIFICACION: '1790016919001',
  PRV_RAZON_SOCIAL: 'DISTRIBUIDORA ANDINA S.A.',
  PRV_CORREOS: ['ventas@andina.ec'],
  PRV_ACTIVO: true,
};

const factura = (over: Partial<SustentoDisponible> = {}): SustentoDisponible => ({
  REC_CODIGO: 5,
  RSU_LIQUIDACION: null,
  PRV_CODIGO: 8,
  codDocSustento: '01',
  numero: '001-002-000004567',
  fecha: hoy,
  autorizacion: '1'.repeat(49),
  totalSinImpuestos: '1000.00',
  iva: '150.00',
  importeTotal: '1150.00',
  impuestos: [{ codigo: '2', codigoPorcentaje: '4', tarifa: '15', baseImponible: '1000.00', valor: '150.00' }],
  pagos: [{ formaPago: '20', total: '1150.00' }],
  PRV_RAZON_SOCIAL: PROVEEDOR.PRV_RAZON_SOCIAL,
  PRV_IDENTIFICACION: PROVEEDOR.PRV_IDENTIFICACION,
  aviso: null,
  ...over,
});

const codigo = (RCO_ID: number, RCO_IMPUESTO: '1' | '2', RCO_CODIGO: string, RCO_CONCEPTO: string, RCO_PORCENTAJE: string) =>
  ({
    RCO_ID,
    RCO_IMPUESTO,
    RCO_CODIGO,
    RCO_CONCEPTO,
    RCO_PORCENTAJE,
    RCO_DESDE: '2024-01-01',
    RCO_HASTA: null,
  }) satisfies CodigoRetencionVigente;

const RENTA = [
  codigo(11, '1', '303', 'Honorarios profesionales', '10.00'),
  codigo(12, '1', '312', 'Transferencia de bienes muebles de naturaleza corporal', '1.75'),
];
const IVA = [codigo(21, '2', '725', 'Retención del 30% del IVA', '30.00'), codigo(22, '2', '727', 'Retención del 70% del IVA', '70.00')];

function rutas(disponible: SustentoDisponible) {
  routes.push(
    on('GET', '/api/facturas/puntos', [PUNTO]),
    on('GET', '/api/proveedores', [PROVEEDOR], { 'Content-Range': 'proveedores 0-0/1' }),
    on('GET', '/api/proveedores/8', PROVEEDOR),
    (url, m) =>
      m === 'GET' && url.pathname === '/api/codigosRetencion'
        ? { body: url.searchParams.get('impuesto') === '2' ? IVA : RENTA }
        : undefined,
    on('GET', '/api/retenciones/sustentos', [disponible]),
    (url, m) => (m === 'POST' && url.pathname === '/api/retenciones' ? { status: 201, body: { FAC_CODIGO: 90 } } : undefined),
  );
}

function abrir(at: string) {
  render(
    <MemoryRouter initialEntries={[at]}>
      <AdminContext dataProvider={createDataProvider('empresa', () => 'token')} i18nProvider={i18nProvider}>
        <ResourceContextProvider value="retenciones">
          <Routes>
            <Route path="/retenciones/create" element={<RetencionCreate />} />
          </Routes>
        </ResourceContextProvider>
      </AdminContext>
    </MemoryRouter>,
  );
}

const desdeRecibido = `/retenciones/create?${new URLSearchParams({ documento: JSON.stringify({ sustentos: [{ REC_CODIGO: 5 }] }) })}`;
const valor = (fila: string) => document.querySelector(`[data-valor="${fila}"]`)?.textContent;
const total = (label: string) => document.querySelector(`[data-total="${label}"]`)?.textContent;

/** Chooses a code in a withholding's autocomplete by what the SRI's table calls it. */
async function elegirCodigo(etiqueta: string, escrito: string, opcion: RegExp) {
  const input = screen.getByLabelText(etiqueta);
  fireEvent.change(input, { target: { value: escrito } });
  fireEvent.click(await screen.findByRole('option', { name: opcion }));
}

describe('el formulario de la retención', { timeout: 60_000 }, () => {
  it('desde «Retener» en una factura recibida: el proveedor y el documento llegan puestos, las bases con su subtotal y su IVA, el valor se calcula al elegir el código y el borrador lleva lo que mostró', async () => {
    rutas(factura());
    abrir(desdeRecibido);

    // The document and its two withholdings, bases prefilled: renta on the subtotal, IVA on the IVA.
    expect(await screen.findByRole('region', { name: 'Factura 001-002-000004567' })).toBeInTheDocument();
    expect((screen.getByLabelText('Base imponible, documento 1, retención 1') as HTMLInputElement).value).toBe('1000.00');
    expect((screen.getByLabelText('Base imponible, documento 1, retención 2') as HTMLInputElement).value).toBe('150.00');
    expect(sent.some((r) => r.path === '/api/retenciones/sustentos' && r.url.searchParams.get('REC_CODIGO') === '5')).toBe(true);

    // The codes of each tax in force on the retención's day, named as the SRI's table names them.
    await elegirCodigo(
      'Código, documento 1, retención 1',
      '312',
      /^312 — Transferencia de bienes muebles de naturaleza corporal — 1,75 %$/,
    );
    await waitFor(() => expect(valor('1.1')).toBe('17.50'));
    await elegirCodigo('Código, documento 1, retención 2', '725', /^725 — Retención del 30% del IVA — 30 %$/);
    await waitFor(() => expect(valor('1.2')).toBe('45.00'));
    expect(total('Total retenido')).toBe('62.50');
    expect(sent.some((r) => r.path === '/api/codigosRetencion' && r.url.searchParams.get('fecha') === hoy)).toBe(true);

    // A lower base recomputes live: 333.33 × 1.75 % = 5.833275 → 5.83.
    fireEvent.change(screen.getByLabelText('Base imponible, documento 1, retención 1'), { target: { value: '333,33' } });
    await waitFor(() => expect(valor('1.1')).toBe('5.83'));
    expect(total('Impuesto a la renta retenido')).toBe('5.83');
    expect(total('Total retenido')).toBe('50.83');
    expect(screen.queryByText('Tenga en cuenta')).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Guardar borrador' }));
    await waitFor(() => expect(sent.some((r) => r.method === 'POST' && r.path === '/api/retenciones')).toBe(true));
    const body = sent.find((r) => r.method === 'POST')!.body as RetencionBorrador;
    expect(body).toEqual({
      PRV_CODIGO: 8,
      PEM_CODIGO: 3,
      FAC_FECHA: hoy,
      sustentos: [
        {
          REC_CODIGO: 5,
          RSU_LIQUIDACION: null,
          RSU_SUSTENTO: '01',
          retenciones: [
            { RCO_ID: 12, RDE_BASE: '333.33' },
            { RCO_ID: 21, RDE_BASE: '150.00' },
          ],
        },
      ],
      totales: { FAC_SUBTOTAL: '5.83', FAC_IVA: '45.00', FAC_TOTAL: '50.83' },
    });
  });

  it('cambiar de impuesto cambia los códigos que ofrece y la base; una base mayor que el subtotal se dice como el servidor y no se guarda', async () => {
    rutas(factura());
    abrir(desdeRecibido);
    await screen.findByRole('region', { name: 'Factura 001-002-000004567' });
    const fila = document.querySelector('[data-retencion="1.1"]') as HTMLElement;
    fireEvent.mouseDown(within(fila).getByLabelText('Impuesto, documento 1, retención 1'));
    fireEvent.click(await screen.findByRole('option', { name: 'IVA' }));
    await waitFor(() =>
      expect((screen.getByLabelText('Base imponible, documento 1, retención 1') as HTMLInputElement).value).toBe('150.00'),
    );
    fireEvent.change(screen.getByLabelText('Código, documento 1, retención 1'), { target: { value: '3' } });
    expect(await screen.findByRole('option', { name: /^725 —/ })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /^303 —/ })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('option', { name: /^727 —/ }));
    await waitFor(() => expect(valor('1.1')).toBe('105.00'));

    fireEvent.change(screen.getByLabelText('Base imponible, documento 1, retención 1'), { target: { value: '200' } });
    fireEvent.blur(screen.getByLabelText('Base imponible, documento 1, retención 1'));
    // The second withholding has no code yet: only the first one's base counts, and it already exceeds the IVA.
    expect(
      await screen.findByText('Documento 1: las bases de las retenciones de IVA (200.00) superan el IVA del documento (150.00).'),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Guardar borrador' }));
    await new Promise((r) => setTimeout(r, 300));
    expect(sent.some((r) => r.method === 'POST')).toBe(false);
  });

  it('más de 5 días después del documento: el aviso se ve antes de guardar, sin impedirlo', async () => {
    rutas(factura({ fecha: sumarDias(hoy, -9) }));
    abrir(desdeRecibido);
    await screen.findByRole('region', { name: 'Factura 001-002-000004567' });
    const aviso = await screen.findByText(/La retención se emite 9 días después del documento 001-002-000004567/);
    expect(aviso.closest('[data-avisos]')).not.toBeNull();
    await elegirCodigo('Código, documento 1, retención 1', '303', /^303 —/);
    await elegirCodigo('Código, documento 1, retención 2', '727', /^727 —/);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Guardar borrador' })).toBeEnabled());
  });

  it('desde la lista: se elige el proveedor y se marcan sus documentos por retener', async () => {
    rutas(factura());
    abrir('/retenciones/create');
    expect(await screen.findByText(/Elija al proveedor/)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/^Proveedor/), { target: { value: 'Andina' } });
    fireEvent.click(await screen.findByRole('option', { name: /DISTRIBUIDORA ANDINA/ }));
    const documentos = await screen.findByRole('region', { name: 'Documentos por retener' });
    expect(sent.some((r) => r.path === '/api/retenciones/sustentos' && r.url.searchParams.get('PRV_CODIGO') === '8')).toBe(true);
    fireEvent.click(within(documentos).getByRole('checkbox', { name: /Factura 001-002-000004567/ }));
    expect(await screen.findByRole('region', { name: 'Factura 001-002-000004567' })).toBeInTheDocument();
    fireEvent.click(within(documentos).getByRole('checkbox', { name: /Factura 001-002-000004567/ }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Factura 001-002-000004567' })).not.toBeInTheDocument());
  });
});
