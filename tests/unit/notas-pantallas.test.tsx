import { describe, expect, it } from 'vitest';
import { on, stubFetch } from '../helpers/fetch-stub';
import { PUNTO } from '../helpers/facturas-pantallas';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { AdminContext, ResourceContextProvider } from 'react-admin';
import { MemoryRouter, Route, Routes } from 'react-router';
import { createDataProvider } from '../../src/dataProvider/createDataProvider';
import { i18nProvider } from '../../src/i18n/provider';
import { NotaCreditoCreate } from '../../src/resources/notasCredito/NotaCreditoForm';
import { NotaDebitoCreate } from '../../src/resources/notasDebito/NotaDebitoForm';
import { FacturaShow } from '../../src/resources/facturas/FacturaShow';
import type { NotaCreditoBorrador, ResumenFacturaNotas } from '../../domain/contratos/notasCredito';
import type { NotaDebitoBorrador } from '../../domain/contratos/notasDebito';
import type { FacturaDetalle } from '../../domain/contratos/facturas';
import { hoyEcuador } from '../../domain/fechas';

/**
 * The notes' screens and the invoice's notes panel with their real components and the company's data provider; only
 * HTTP is stubbed: `fetch` answers from the routes below (the contracts' shapes) and records what was sent.
 */
const { routes, sent } = stubFetch();

function Wrapper({ children, at, recurso }: { children: ReactNode; at: string; recurso: string }) {
  return (
    <MemoryRouter initialEntries={[at]}>
      <AdminContext dataProvider={createDataProvider('empresa', () => 'token')} i18nProvider={i18nProvider}>
        <ResourceContextProvider value={recurso}>{children}</ResourceContextProvider>
      </AdminContext>
    </MemoryRouter>
  );
}

/** The form of a new note of invoice 12, as the invoice's page opens it; saving goes to the note's page. */
function abrirNueva(recurso: 'notasCredito' | 'notasDebito') {
  render(
    <Wrapper at={`/${recurso}/create?factura=12`} recurso={recurso}>
      <Routes>
        <Route path={`/${recurso}/create`} element={recurso === 'notasCredito' ? <NotaCreditoCreate /> : <NotaDebitoCreate />} />
        <Route path={`/${recurso}/:id/show`} element={<p>Página de la nota</p>} />
      </Routes>
    </Wrapper>,
  );
}

const hoy = hoyEcuador();
const linea = (n: number, descripcion: string, cantidad: string, precio: string, iva: string, restante: string) => ({
  FDE_LINEA: n,
  FDE_PRINCIPAL: `P-${n}`,
  FDE_DESCRIPCION: descripcion,
  FDE_CANTIDAD: cantidad,
  FDE_PRECIO: precio,
  FDE_DESCUENTO: '0.00',
  FDE_IVA: iva,
  FDE_SUBTOTAL: '0.00',
  FDE_RESTANTE: restante,
});

const RESUMEN: ResumenFacturaNotas = {
  factura: {
    FAC_CODIGO: 12,
    FAC_NUMERO: '001-001-000000004',
    FAC_FECHA: hoy,
    FAC_ESTADO: 'AUTORIZADA',
    FAC_SUBTOTAL: '74.50',
    FAC_IVA: '7.50',
    FAC_TOTAL: '82.00',
    PEM_CODIGO: 3,
    CLI_CODIGO: 41,
    CLI_RAZON_SOCIAL: 'IMPORTADORA DEL PACIFICO IMPAC S.A.',
    CLI_IDENTIFICACION: '1791251237001',
    CLI_TIPO_IDENTIFICACION: '04',
    lineas: [
      linea(1, 'Cemento Holcim 50 kg', '5.000000', '10.000000', '4', '3.000000'),
      linea(2, 'Arena fina m3', '2.000000', '12.250000', '0', '2.000000'),
    ],
    consumidorFinal: false,
    vencida: false,
  },
  notas: [
    {
      FAC_CODIGO: 70,
      FAC_NUMERO: '001-001-000000001',
      FAC_FECHA: hoy,
      FAC_ESTADO: 'AUTORIZADA',
      FAC_TOTAL: '23.00',
      FAC_MOTIVO: 'Devolución',
    },
  ],
  restante: '59.00',
  debitos: [{ FAC_CODIGO: 71, FAC_NUMERO: null, FAC_FECHA: hoy, FAC_ESTADO: 'BORRADOR', FAC_TOTAL: '5.75', FAC_MOTIVO: 'Flete' }],
};

const FACTURA_ROW = {
  id: 12,
  FAC_CODIGO: 12,
  FAC_NUMERO: '001-001-000000004',
  FAC_ESTADO: 'AUTORIZADA',
  CLI_RAZON_SOCIAL: 'IMPORTADORA DEL PACIFICO IMPAC S.A.',
  FAC_TOTAL: '82.00',
};

const total = (label: string) => document.querySelector(`[data-total="${label}"]`)?.textContent;
const campo = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const escribir = (label: string, value: string) => {
  fireEvent.change(campo(label), { target: { value } });
  fireEvent.blur(campo(label));
};

function comun(resumen: ResumenFacturaNotas = RESUMEN) {
  routes.push(
    on('GET', '/api/facturas/puntos', [PUNTO]),
    on('GET', '/api/notasCredito/factura/12', resumen),
    on('GET', '/api/facturas/12', FACTURA_ROW),
    on('GET', '/api/facturas', [FACTURA_ROW], { 'Content-Range': 'facturas 0-0/1' }),
  );
}

describe('la nota de crédito', { timeout: 60_000 }, () => {
  it('devolución: cada línea de la factura con lo que queda; más de lo que queda se dice en palabras del servidor y no se guarda; los totales se calculan mientras se escribe y viajan con el borrador', async () => {
    comun();
    routes.push((url, m) => (m === 'POST' && url.pathname === '/api/notasCredito' ? { status: 201, body: { FAC_CODIGO: 77 } } : undefined));
    abrirNueva('notasCredito');
    // Arriving from the invoice: its summary and what remains to credit, before the user types anything.
    expect(await screen.findByText('Saldo por acreditar: USD 59.00')).toBeInTheDocument();
    expect(document.querySelector('[data-queda="1"]')?.textContent).toBe('3');

    escribir('Cantidad a devolver, línea 1: Cemento Holcim 50 kg', '4');
    expect(
      await screen.findByText('Línea 1: la cantidad supera lo que queda por devolver de esta línea de la factura (3).'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Guardar borrador' })).toBeDisabled();

    escribir('Cantidad a devolver, línea 1: Cemento Holcim 50 kg', '2');
    fireEvent.click(screen.getAllByRole('button', { name: 'Devolver todo' })[1]);
    // 2 × 10.00 at 15 % and 2 × 12.25 at 0 %: 20.00 + 3.00 IVA + 24.50.
    await waitFor(() => expect(total('Valor total')).toBe('47.50'));
    expect(total('Subtotal IVA 15 %')).toBe('20.00');
    expect(total('Subtotal IVA 0 %')).toBe('24.50');
    expect(total('IVA 15 %')).toBe('3.00');
    expect(screen.queryByText(/supera lo que queda/)).not.toBeInTheDocument();

    fireEvent.change(campo('Motivo'), { target: { value: 'Devolución de mercadería en mal estado' } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Guardar borrador' })).toBeEnabled());
    fireEvent.click(screen.getByRole('button', { name: 'Guardar borrador' }));
    await waitFor(() => expect(sent.some((r) => r.method === 'POST' && r.path === '/api/notasCredito')).toBe(true));
    const body = sent.find((r) => r.method === 'POST')!.body as NotaCreditoBorrador;
    expect(body).toMatchObject({
      FAC_MODIFICA: 12,
      PEM_CODIGO: 3,
      FAC_MOTIVO: 'Devolución de mercadería en mal estado',
      totales: { FAC_SUBTOTAL: '44.50', FAC_IVA: '3.00', FAC_TOTAL: '47.50' },
    });
    expect(body.lineas.map((l) => [l.FDE_LINEA_FACTURA, l.FDE_CANTIDAD, l.FDE_PRECIO, l.FDE_IVA])).toEqual([
      [1, '2', '10.000000', '4'],
      [2, '2', '12.250000', '0'],
    ]);
  });

  it('descuento: un valor con su IVA; por encima del saldo lo dice como el servidor', async () => {
    comun();
    abrirNueva('notasCredito');
    fireEvent.click(await screen.findByRole('button', { name: 'Descuento' }));
    escribir('Valor sin IVA, descuento 1', '10');
    await waitFor(() => expect(total('Valor total')).toBe('11.50'));
    expect(total('IVA 15 %')).toBe('1.50');
    escribir('Valor sin IVA, descuento 1', '60');
    expect(
      await screen.findByText('La nota de crédito supera el saldo de la factura: quedan USD 59.00 por acreditar.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Guardar borrador' })).toBeDisabled();
  });

  it('lo que la factura ya no admite se dice antes de escribir: consumidor final, más de 12 meses', async () => {
    comun({ ...RESUMEN, factura: { ...RESUMEN.factura, consumidorFinal: true, vencida: true } });
    abrirNueva('notasCredito');
    expect(
      await screen.findByText('No se emiten notas de crédito a consumidor final: el SRI exige identificar al comprador.'),
    ).toBeInTheDocument();
    expect(screen.getByText('La factura tiene más de 12 meses: ya no admite notas de crédito.')).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Cantidad a devolver, línea 1/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Guardar borrador' })).toBeDisabled();
  });
});

describe('la nota de débito', { timeout: 60_000 }, () => {
  it('motivos con su IVA: los totales por tarifa en vivo, la forma de pago sigue al total y el borrador lleva lo que mostró', async () => {
    comun();
    routes.push((url, m) => (m === 'POST' && url.pathname === '/api/notasDebito' ? { status: 201, body: { FAC_CODIGO: 78 } } : undefined));
    abrirNueva('notasDebito');
    fireEvent.change(await screen.findByLabelText('Razón, motivo 1'), { target: { value: 'Intereses por mora' } });
    escribir('Valor sin IVA, motivo 1', '8.25');
    // 8.25 × 15 % = 1.2375: half up, 1.24.
    await waitFor(() => expect(total('Valor total')).toBe('9.49'));
    fireEvent.click(screen.getByRole('button', { name: 'Agregar motivo' }));
    fireEvent.change(campo('Razón, motivo 2'), { target: { value: 'Flete' } });
    escribir('Valor sin IVA, motivo 2', '5');
    const motivo2 = document.querySelector('[data-motivo="2"]') as HTMLElement;
    fireEvent.mouseDown(motivo2.querySelector('[role="combobox"][aria-haspopup="listbox"]')!);
    fireEvent.click(await screen.findByRole('option', { name: 'IVA 0 %' }));
    await waitFor(() => expect(total('Valor total')).toBe('14.49'));
    expect(total('Subtotal IVA 15 %')).toBe('8.25');
    expect(total('Subtotal IVA 0 %')).toBe('5.00');
    expect(total('IVA 15 %')).toBe('1.24');
    expect(total('Por pagar')).toBe('0.00');
    expect(campo('Valor, forma de pago 1').value).toBe('14.49');

    fireEvent.click(screen.getByRole('button', { name: 'Guardar borrador' }));
    await waitFor(() => expect(sent.some((r) => r.method === 'POST' && r.path === '/api/notasDebito')).toBe(true));
    expect(sent.find((r) => r.method === 'POST')!.body as NotaDebitoBorrador).toMatchObject({
      FAC_MODIFICA: 12,
      PEM_CODIGO: 3,
      motivos: [
        { razon: 'Intereses por mora', valor: '8.25', iva: '4' },
        { razon: 'Flete', valor: '5', iva: '0' },
      ],
      pagos: [{ FPA_FORMA: '01', FPA_TOTAL: '14.49' }],
      totales: { FAC_SUBTOTAL: '13.25', FAC_IVA: '1.24', FAC_TOTAL: '14.49' },
    });
  });
});

const FACTURA: FacturaDetalle = {
  FAC_CODIGO: 12,
  FAC_ESTADO: 'AUTORIZADA',
  FAC_FECHA: hoy,
  FAC_NUMERO: '001-001-000000004',
  FAC_CLAVE_ACCESO: '1503202601179206034600110010010000000041234567819',
  CLI_CODIGO: 41,
  CLI_RAZON_SOCIAL: 'IMPORTADORA DEL PACIFICO IMPAC S.A.',
  CLI_IDENTIFICACION: '1791251237001',
  PEM_CODIGO: 3,
  EST_CODIGO: 2,
  EST_NUMERO: '001',
  PEM_NUMERO: '001',
  FAC_SUBTOTAL: '74.50',
  FAC_IVA: '7.50',
  FAC_TOTAL: '82.00',
  CLI_TIPO_IDENTIFICACION: '04',
  EST_DIRECCION: 'Quito',
  FAC_SECUENCIAL: 4,
  FAC_AMBIENTE: 1,
  FAC_DESCUENTO: '0.00',
  FAC_PROPINA: '0.00',
  FAC_ADICIONAL: [],
  FAC_AUTORIZACION: '1503202601179206034600110010010000000041234567819',
  FAC_FECHA_AUTORIZACION: '2026-03-15T15:32:10.000Z',
  FAC_RECIBIDA: null,
  FAC_SRI_MENSAJES: [],
  FAC_ENTREGA: 'ENVIADA',
  FAC_ENTREGA_FECHA: null,
  FAC_ENTREGA_DETALLE: null,
  FAC_ANULACION_MOTIVO: null,
  FAC_ANULACION_FECHA: null,
  cola: null,
  FAC_CREADO: '2026-03-15T15:00:00.000Z',
  FAC_ACTUALIZADO: '2026-03-15T15:01:00.000Z',
  lineas: [],
  pagos: [{ FPA_FORMA: '01', FPA_TOTAL: '82.00' }],
  subtotalesIva: [],
};

describe('las notas en la página de la factura', { timeout: 60_000 }, () => {
  it('lista sus notas con el saldo por acreditar; «Anular con nota de crédito» pide el motivo, prepara el borrador y lleva a su página', async () => {
    routes.push(on('GET', '/api/facturas/12', FACTURA), on('GET', '/api/notasCredito/factura/12', RESUMEN), (url, m) =>
      m === 'POST' && url.pathname === '/api/notasCredito/anular/12' ? { status: 201, body: { FAC_CODIGO: 79 } } : undefined,
    );
    render(
      <Wrapper at="/facturas/12/show" recurso="facturas">
        <Routes>
          <Route path="/facturas/:id/show" element={<FacturaShow id={12} />} />
          <Route path="/notasCredito/:id/show" element={<p>Borrador de la nota 79</p>} />
        </Routes>
      </Wrapper>,
    );
    const panel = await screen.findByRole('region', { name: 'Notas de crédito y débito' });
    expect(within(panel).getByText('USD 59.00')).toBeInTheDocument();
    const credito = panel.querySelector('[data-nota="70"]') as HTMLElement;
    expect(within(credito).getByRole('link', { name: '001-001-000000001' })).toHaveAttribute('href', '#/notasCredito/70/show');
    expect(within(credito).getByText('Autorizada')).toBeInTheDocument();
    expect(credito.textContent).toContain('23.00');
    expect(within(panel.querySelector('[data-nota="71"]') as HTMLElement).getByRole('link', { name: 'Borrador' })).toHaveAttribute(
      'href',
      '#/notasDebito/71/show',
    );
    expect(within(panel).getByRole('link', { name: 'Emitir nota de crédito' })).toHaveAttribute('href', '#/notasCredito/create?factura=12');
    expect(within(panel).getByRole('link', { name: 'Emitir nota de débito' })).toHaveAttribute('href', '#/notasDebito/create?factura=12');

    fireEvent.click(within(panel).getByRole('button', { name: 'Anular con nota de crédito' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Anular la factura con una nota de crédito' });
    expect(within(dialogo).getByText(/por todo el saldo de la factura \(USD 59.00\)/)).toBeInTheDocument();
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Preparar la nota de crédito' }));
    expect(await within(dialogo).findByText('Escriba el motivo de la nota de crédito.')).toBeInTheDocument();
    expect(sent.some((r) => r.path === '/api/notasCredito/anular/12')).toBe(false);

    fireEvent.change(within(dialogo).getByLabelText(/^Motivo/), { target: { value: 'Error en el precio' } });
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Preparar la nota de crédito' }));
    expect(await screen.findByText('Borrador de la nota 79')).toBeInTheDocument();
    expect(sent.find((r) => r.path === '/api/notasCredito/anular/12')).toMatchObject({
      method: 'POST',
      body: { FAC_MOTIVO: 'Error en el precio' },
    });
  });

  it('a consumidor final: no ofrece la nota de crédito y dice por qué; la de débito sí', async () => {
    routes.push(
      on('GET', '/api/facturas/12', FACTURA),
      on('GET', '/api/notasCredito/factura/12', { ...RESUMEN, factura: { ...RESUMEN.factura, consumidorFinal: true } }),
    );
    render(
      <Wrapper at="/facturas/12/show" recurso="facturas">
        <Routes>
          <Route path="/facturas/:id/show" element={<FacturaShow id={12} />} />
        </Routes>
      </Wrapper>,
    );
    const panel = await screen.findByRole('region', { name: 'Notas de crédito y débito' });
    expect(
      within(panel).getByText('No se emiten notas de crédito a consumidor final: el SRI exige identificar al comprador.'),
    ).toBeInTheDocument();
    expect(within(panel).queryByRole('link', { name: 'Emitir nota de crédito' })).not.toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Anular con nota de crédito' })).not.toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Emitir nota de débito' })).toBeInTheDocument();
  });
});
