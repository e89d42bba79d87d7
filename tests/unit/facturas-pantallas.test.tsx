import { describe, expect, it } from 'vitest';
import { on, stubFetch } from '../helpers/fetch-stub';
import { PUNTO } from '../helpers/facturas-pantallas';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { AdminContext, ListContextProvider, ResourceContextProvider, type ListControllerResult } from 'react-admin';
import { createDataProvider } from '../../src/dataProvider/createDataProvider';
import { i18nProvider } from '../../src/i18n/provider';
import { FacturaCreate } from '../../src/resources/facturas/FacturaForm';
import { FacturaList, ResumenFacturas } from '../../src/resources/facturas/FacturaList';
import { facturaToWire, nuevaFactura } from '../../src/resources/facturas/formulario';

/**
 * The invoices' screens with their real components and the company's data provider; only HTTP is stubbed: `fetch`
 * answers from the routes below and records what was sent.
 */
const { routes, sent } = stubFetch();

function Wrapper({ children }: { children: ReactNode }) {
  return (
    <AdminContext dataProvider={createDataProvider('empresa', () => 'token')} i18nProvider={i18nProvider}>
      <ResourceContextProvider value="facturas">{children}</ResourceContextProvider>
    </AdminContext>
  );
}

const CLIENTE = {
  CLI_CODIGO: 41,
  CLI_TIPO_IDENTIFICACION: '04',
  CLI_IDENTIFICACION: '1791251237001',
  CLI_RAZON_SOCIAL: 'IMPORTADORA DEL PACIFICO IMPAC S.A.',
  CLI_CORREOS: ['compras@impac.ec'],
  CLI_DIRECCION: 'Guayaquil',
};

/** The visible amount of a totals row by its label (the panel marks each with data-total). */
const total = (label: string) => document.querySelector(`[data-total="${label}"]`)?.textContent;
const campo = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const escribir = (label: string, value: string) => {
  fireEvent.change(campo(label), { target: { value } });
  fireEvent.blur(campo(label));
};

describe('el formulario de la factura', { timeout: 30_000 }, () => {
  it('recalcula subtotales por tarifa, IVA redondeado hacia arriba y total mientras se escribe; avisa en español junto a la línea; guarda los totales que mostró', async () => {
    routes.push(
      on('GET', '/api/facturas/puntos', [PUNTO]),
      on('GET', '/api/clientes', [CLIENTE], { 'Content-Range': 'clientes 0-0/1' }),
      on('GET', '/api/clientes/41', CLIENTE),
      on('GET', '/api/catalogo', [], { 'Content-Range': 'catalogo 0-0/0' }),
      (url, m) => (m === 'POST' && url.pathname === '/api/facturas' ? { status: 201, body: { FAC_CODIGO: 9 } } : undefined),
    );
    render(
      <Wrapper>
        <FacturaCreate />
      </Wrapper>,
    );
    // The only emission point is chosen, with the number the invoice would take.
    expect(await screen.findByText('Próximo número al emitir: 001-001-000000007')).toBeInTheDocument();

    fireEvent.change(campo('Descripción, Línea 1'), { target: { value: 'Cemento Holcim 50 kg' } });
    escribir('Cantidad, Línea 1', '3');
    escribir('Precio unitario, Línea 1', '8.50');
    // 25.50 × 15 % = 3.825: the SRI rounds half up, binary floats would print 3.82.
    await waitFor(() => expect(total('IVA 15 %')).toBe('3.83'));
    expect(total('Subtotal IVA 15 %')).toBe('25.50');
    expect(total('Total')).toBe('29.33');
    expect(document.querySelector('[data-subtotal-linea="1"]')?.textContent).toBe('25.50');

    fireEvent.click(screen.getByRole('button', { name: 'Agregar línea' }));
    fireEvent.change(campo('Descripción, Línea 2'), { target: { value: 'Arena fina m3' } });
    escribir('Cantidad, Línea 2', '2');
    escribir('Precio unitario, Línea 2', '12,25');
    // The second line at 0 %: the IVA select of line 2.
    const linea2 = document.querySelector('[data-linea="2"]') as HTMLElement;
    fireEvent.mouseDown(linea2.querySelector('[role="combobox"][aria-haspopup="listbox"]')!);
    fireEvent.click(await screen.findByRole('option', { name: 'IVA 0 %' }));

    await waitFor(() => expect(total('Subtotal IVA 0 %')).toBe('24.50'));
    expect(total('Subtotal IVA 15 %')).toBe('25.50');
    expect(total('Subtotal sin impuestos')).toBe('50.00');
    expect(total('IVA 15 %')).toBe('3.83');
    expect(total('Total')).toBe('53.83');
    // The single payment follows the total: nothing left to pay.
    expect(total('Por pagar')).toBe('0.00');
    expect(campo('Valor, formas de pago 1').value).toBe('53.83');

    // A negative quantity: the line says why, in Spanish, and the totals drop it.
    escribir('Cantidad, Línea 2', '-2');
    expect(await within(linea2).findByText('Línea 2: la cantidad no puede ser negativa.')).toBeInTheDocument();
    expect(total('Total')).toBe('29.33');
    escribir('Cantidad, Línea 2', '2');
    await waitFor(() => expect(within(linea2).queryByRole('alert')).not.toBeInTheDocument());

    // The buyer, then save: the body carries the totals the panel showed.
    const comprador = screen.getByLabelText(/^Comprador/);
    fireEvent.change(comprador, { target: { value: 'IMPAC' } });
    fireEvent.click(await screen.findByRole('option', { name: /IMPORTADORA DEL PACIFICO/ }));
    await waitFor(() => expect(screen.getByText('compras@impac.ec')).toBeInTheDocument());
    fireEvent.click(screen.getByRole('button', { name: 'Guardar borrador' }));

    await waitFor(() => expect(sent.some((r) => r.method === 'POST' && r.path === '/api/facturas')).toBe(true));
    const body = sent.find((r) => r.method === 'POST')!.body as ReturnType<typeof facturaToWire>;
    expect(body).toMatchObject({
      PEM_CODIGO: 3,
      CLI_CODIGO: 41,
      totalSinImpuestos: '50.00',
      totalDescuento: '0.00',
      totalIva: '3.83',
      importeTotal: '53.83',
      pagos: [{ FPA_FORMA: '01', FPA_TOTAL: '53.83', FPA_PLAZO: null, FPA_UNIDAD: null }],
    });
    expect(body.lineas.map((l) => [l.FDE_DESCRIPCION, l.FDE_CANTIDAD, l.FDE_PRECIO, l.FDE_IVA])).toEqual([
      ['Cemento Holcim 50 kg', '3', '8.50', '4'],
      ['Arena fina m3', '2', '12.25', '0'],
    ]);
  });

  it('no guarda una factura cuyas formas de pago no suman el total, y lo dice', async () => {
    routes.push(
      on('GET', '/api/facturas/puntos', [PUNTO]),
      on('GET', '/api/clientes', [CLIENTE], { 'Content-Range': 'clientes 0-0/1' }),
      on('GET', '/api/catalogo', [], { 'Content-Range': 'catalogo 0-0/0' }),
    );
    render(
      <Wrapper>
        <FacturaCreate />
      </Wrapper>,
    );
    await screen.findByText(/Próximo número al emitir/);
    fireEvent.change(campo('Descripción, Línea 1'), { target: { value: 'Servicio de corte' } });
    escribir('Precio unitario, Línea 1', '10');
    await waitFor(() => expect(total('Total')).toBe('11.50'));
    escribir('Valor, formas de pago 1', '10');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar borrador' }));
    expect(
      await screen.findByText('La suma de las formas de pago (10.00) no coincide con el total de la factura (11.50).'),
    ).toBeInTheDocument();
    expect(total('Por pagar')).toBe('1.50');
    expect(sent.some((r) => r.method === 'POST')).toBe(false);
  });

  it('lo que se envía: montos como se escribieron, vacíos como null, campos adicionales sin filas en blanco', () => {
    const values = {
      ...nuevaFactura(),
      PEM_CODIGO: 3,
      CLI_CODIGO: 41,
      FAC_FECHA: '2026-03-15',
      lineas: [
        { ...nuevaFactura().lineas[0], FDE_DESCRIPCION: ' Tornillo ', FDE_PRECIO: '0.105', FDE_CANTIDAD: '100', FDE_DESCUENTO: '0.50' },
      ],
      pagos: [{ FPA_FORMA: '19', FPA_TOTAL: '11.50', FPA_PLAZO: '30', FPA_UNIDAD: 'dias' }],
      FAC_ADICIONAL: [
        { nombre: 'Orden', valor: ' OC-77 ' },
        { nombre: '', valor: '' },
      ],
    };
    expect(facturaToWire(values)).toMatchObject({
      lineas: [{ FDE_DESCRIPCION: 'Tornillo', FDE_PRINCIPAL: null, FDE_DESCUENTO: '0.50', FDE_CANTIDAD: '100', FDE_PRECIO: '0.105' }],
      pagos: [{ FPA_FORMA: '19', FPA_TOTAL: '11.50', FPA_PLAZO: 30, FPA_UNIDAD: 'dias' }],
      FAC_ADICIONAL: [{ nombre: 'Orden', valor: 'OC-77' }],
      // 100 × 0.105 = 10.50 − 0.50 = 10.00; IVA 15 % 1.50.
      totalSinImpuestos: '10.00',
      totalDescuento: '0.50',
      totalIva: '1.50',
      importeTotal: '11.50',
    });
  });
});

const FACTURAS = [
  {
    FAC_CODIGO: 12,
    FAC_ESTADO: 'FIRMADA',
    FAC_FECHA: '2026-03-15',
    FAC_NUMERO: '001-001-000000004',
    FAC_CLAVE_ACCESO: '1503202601179206034600110010010000000041234567819',
    CLI_CODIGO: 41,
    CLI_RAZON_SOCIAL: 'IMPORTADORA DEL PACIFICO IMPAC S.A.',
    CLI_IDENTIFICACION: '1791251237001',
    PEM_CODIGO: 3,
    EST_CODIGO: 2,
    EST_NUMERO: '001',
    PEM_NUMERO: '001',
    FAC_SUBTOTAL: '50.00',
    FAC_IVA: '3.83',
    FAC_TOTAL: '53.83',
  },
  {
    FAC_CODIGO: 13,
    FAC_ESTADO: 'BORRADOR',
    FAC_FECHA: '2026-03-16',
    FAC_NUMERO: null,
    FAC_CLAVE_ACCESO: null,
    CLI_CODIGO: 1,
    CLI_RAZON_SOCIAL: 'CONSUMIDOR FINAL',
    CLI_IDENTIFICACION: '9999999999999',
    PEM_CODIGO: 3,
    EST_CODIGO: 2,
    EST_NUMERO: '001',
    PEM_NUMERO: '001',
    FAC_SUBTOTAL: '10.00',
    FAC_IVA: '1.50',
    FAC_TOTAL: '11.50',
  },
];

describe('la lista de facturas', { timeout: 30_000 }, () => {
  it('muestra número o «Borrador», el estado y, debajo, los totales de todo el conjunto filtrado', async () => {
    routes.push(
      on('GET', '/api/facturas/puntos', [PUNTO]),
      on('GET', '/api/facturas', FACTURAS, { 'Content-Range': 'facturas 0-1/42' }),
      on('GET', '/api/facturas/totales', { cantidad: 42, subtotal: '1234.50', iva: '185.18', total: '1419.68' }),
    );
    render(
      <Wrapper>
        <FacturaList />
      </Wrapper>,
    );
    expect(await screen.findByText('001-001-000000004')).toBeInTheDocument();
    const filas = screen.getAllByRole('row').slice(1);
    expect(filas[0]).toHaveTextContent(/001-001-000000004.*2026-03-15.*IMPORTADORA DEL PACIFICO.*50\.00.*3\.83.*53\.83.*Firmada/);
    expect(filas[1]).toHaveTextContent(/^Borrador.*CONSUMIDOR FINAL.*11\.50.*Borrador$/);
    const resumen = await screen.findByRole('region', { name: 'Totales de las facturas filtradas' });
    // The whole filtered set (42 invoices), not the two rows of the page.
    await waitFor(() => expect(resumen).toHaveTextContent('42 facturas'));
    expect(resumen.querySelector('[data-resumen="total"]')).toHaveTextContent('Total 1 419.68');
    expect(resumen.querySelector('[data-resumen="iva"]')).toHaveTextContent('IVA 185.18');
  });

  it('pide los totales con el mismo filtro que la lista', async () => {
    routes.push(on('GET', '/api/facturas/totales', { cantidad: 1, subtotal: '50.00', iva: '3.83', total: '53.83' }));
    const filterValues = { FAC_ESTADO: ['FIRMADA', 'AUTORIZADA'], desde: '2026-03-01', hasta: '2026-03-31', CLI_CODIGO: 41 };
    render(
      <Wrapper>
        <ListContextProvider value={{ filterValues } as unknown as ListControllerResult}>
          <ResumenFacturas />
        </ListContextProvider>
      </Wrapper>,
    );
    expect(await screen.findByText('1 factura')).toBeInTheDocument();
    const pedido = sent.find((r) => r.path === '/api/facturas/totales')!;
    expect(JSON.parse(pedido.url.searchParams.get('filter')!)).toEqual(filterValues);
  });
});
