import { describe, expect, it } from 'vitest';
import { on, stubFetch } from '../helpers/fetch-stub';
import { PUNTO } from '../helpers/facturas-pantallas';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, ResourceContextProvider } from 'react-admin';
import { MemoryRouter } from 'react-router';
import { createDataProvider } from '../../src/dataProvider/createDataProvider';
import { i18nProvider } from '../../src/i18n/provider';
import { LiquidacionCreate } from '../../src/resources/liquidacionesCompra/LiquidacionForm';
import type { LiquidacionCompraBorrador } from '../../domain/contratos/liquidacionesCompra';

/**
 * The liquidación de compra's form with its real components (the invoice's lines, payments and totals) and the
 * company's data provider; only HTTP is stubbed.
 */
const { routes, sent } = stubFetch();

const AGRICULTOR = {
  PRV_CODIGO: 14,
  PRV_TIPO_IDENTIFICACION: '05',
  PRV_IDENTIFICACION: '1712345678',
  PRV_RAZON_SOCIAL: 'QUISHPE CHALUISA MARIA ROSA',
  PRV_CORREOS: [],
  PRV_ACTIVO: true,
};

const total = (label: string) => document.querySelector(`[data-total="${label}"]`)?.textContent;
const campo = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const escribir = (label: string, value: string) => {
  fireEvent.change(campo(label), { target: { value } });
  fireEvent.blur(campo(label));
};

describe('el formulario de la liquidación de compra', { timeout: 60_000 }, () => {
  it('el proveedor se busca solo entre quienes no tienen RUC; las líneas se calculan como en la factura y el borrador lleva al proveedor y los totales que mostró', async () => {
    routes.push(
      on('GET', '/api/facturas/puntos', [PUNTO]),
      on('GET', '/api/proveedores', [AGRICULTOR], { 'Content-Range': 'proveedores 0-0/1' }),
      on('GET', '/api/proveedores/14', AGRICULTOR),
      on('GET', '/api/catalogo', [], { 'Content-Range': 'catalogo 0-0/0' }),
      (url, m) => (m === 'POST' && url.pathname === '/api/liquidacionesCompra' ? { status: 201, body: { FAC_CODIGO: 31 } } : undefined),
    );
    render(
      <MemoryRouter>
        <AdminContext dataProvider={createDataProvider('empresa', () => 'token')} i18nProvider={i18nProvider}>
          <ResourceContextProvider value="liquidacionesCompra">
            <LiquidacionCreate />
          </ResourceContextProvider>
        </AdminContext>
      </MemoryRouter>,
    );
    expect(await screen.findByText('Próximo número al emitir: 001-001-000000007')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Nuevo proveedor' })).toHaveAttribute('href', expect.stringMatching(/\/proveedores\/create$/));

    fireEvent.change(campo('Descripción, Línea 1'), { target: { value: 'Quintal de papa chola' } });
    escribir('Cantidad, Línea 1', '12');
    escribir('Precio unitario, Línea 1', '18.35');
    fireEvent.mouseDown(document.querySelector('[data-linea="1"] [role="combobox"][aria-haspopup="listbox"]')!);
    fireEvent.click(await screen.findByRole('option', { name: 'IVA 0 %' }));
    fireEvent.click(screen.getByRole('button', { name: 'Agregar línea' }));
    fireEvent.change(campo('Descripción, Línea 2'), { target: { value: 'Transporte' } });
    escribir('Cantidad, Línea 2', '1');
    escribir('Precio unitario, Línea 2', '12.45');
    // 220.20 at 0 % and 12.45 × 15 % = 1.8675 → 1.87.
    await waitFor(() => expect(total('Total')).toBe('234.52'));
    expect(total('Subtotal IVA 0 %')).toBe('220.20');
    expect(total('IVA 15 %')).toBe('1.87');
    expect(campo('Valor, formas de pago 1').value).toBe('234.52');

    fireEvent.change(screen.getByLabelText(/^Proveedor/), { target: { value: 'Quishpe' } });
    fireEvent.click(await screen.findByRole('option', { name: /QUISHPE CHALUISA MARIA ROSA · 1712345678/ }));
    const busqueda = sent.find((r) => r.path === '/api/proveedores');
    expect(JSON.parse(busqueda!.url.searchParams.get('filter')!)).toMatchObject({
      PRV_TIPO_IDENTIFICACION: ['05', '06', '08'],
      PRV_ACTIVO: true,
    });

    fireEvent.click(screen.getByRole('button', { name: 'Guardar borrador' }));
    await waitFor(() => expect(sent.some((r) => r.method === 'POST' && r.path === '/api/liquidacionesCompra')).toBe(true));
    const body = sent.find((r) => r.method === 'POST')!.body as LiquidacionCompraBorrador & { CLI_CODIGO?: unknown };
    expect(body).toMatchObject({
      PEM_CODIGO: 3,
      PRV_CODIGO: 14,
      totalSinImpuestos: '232.65',
      totalIva: '1.87',
      importeTotal: '234.52',
      pagos: [{ FPA_FORMA: '01', FPA_TOTAL: '234.52', FPA_PLAZO: null, FPA_UNIDAD: null }],
    });
    expect(body.lineas.map((l) => [l.FDE_DESCRIPCION, l.FDE_CANTIDAD, l.FDE_PRECIO, l.FDE_IVA])).toEqual([
      ['Quintal de papa chola', '12', '18.35', '0'],
      ['Transporte', '1', '12.45', '4'],
    ]);
    expect(body).not.toHaveProperty('CLI_CODIGO');
  });
});
