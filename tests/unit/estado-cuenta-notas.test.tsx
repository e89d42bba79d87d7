import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { AdminContext, ResourceContextProvider } from 'react-admin';
import { createDataProvider } from '../../src/dataProvider/createDataProvider';
import { i18nProvider } from '../../src/i18n/provider';
import { EstadoCuentaPanel } from '../../src/resources/clientes/EstadoCuentaPanel';
import type { EstadoCuenta, FacturaCuenta } from '../../server/modules/cuentas/contract';
import { stubFetch } from '../helpers/fetch-stub';

/**
 * The client's statement with the notes of its invoices: the invoice's row says what was credited and debited, the
 * movements list every invoice, note and collection with the running balance, and the balance they end with is the
 * account's. Only HTTP is stubbed.
 */
const { routes } = stubFetch();

function Wrapper({ children }: { children: ReactNode }) {
  return (
    <AdminContext dataProvider={createDataProvider('empresa', () => 'token')} i18nProvider={i18nProvider}>
      <ResourceContextProvider value="clientes">{children}</ResourceContextProvider>
    </AdminContext>
  );
}

const factura = (over: Partial<FacturaCuenta>): FacturaCuenta => ({
  FAC_CODIGO: 1,
  FAC_NUMERO: '001-001-000000123',
  FAC_FECHA: '2026-10-01',
  vencimiento: '2026-10-31',
  FAC_TOTAL: '100.00',
  notasCredito: '0.00',
  notasDebito: '0.00',
  cobrado: '0.00',
  saldo: '100.00',
  diasVencida: 0,
  ...over,
});

const ESTADO: EstadoCuenta = {
  cliente: { CLI_CODIGO: 41, CLI_IDENTIFICACION: '1791251237001', CLI_RAZON_SOCIAL: 'IMPORTADORA DEL PACIFICO IMPAC S.A.' },
  hoy: '2026-11-22',
  desde: null,
  hasta: null,
  facturas: [
    factura({ notasCredito: '30.00', notasDebito: '5.50', cobrado: '25.00', saldo: '50.50', diasVencida: 22 }),
    factura({ FAC_CODIGO: 2, FAC_NUMERO: '001-001-000000124', FAC_TOTAL: '40.00', notasCredito: '40.00', saldo: '0.00' }),
  ],
  cobros: [],
  movimientos: [
    {
      fecha: '2026-10-01',
      tipo: 'factura',
      id: 1,
      numero: '001-001-000000123',
      factura: null,
      concepto: 'Factura 001-001-000000123',
      debe: '100.00',
      haber: '0.00',
      saldo: '100.00',
    },
    {
      fecha: '2026-10-01',
      tipo: 'factura',
      id: 2,
      numero: '001-001-000000124',
      factura: null,
      concepto: 'Factura 001-001-000000124',
      debe: '40.00',
      haber: '0.00',
      saldo: '140.00',
    },
    {
      fecha: '2026-10-05',
      tipo: 'notaCredito',
      id: 3,
      numero: '001-001-000000004',
      factura: '001-001-000000123',
      concepto: 'Nota de crédito 001-001-000000004 (factura 001-001-000000123)',
      debe: '0.00',
      haber: '30.00',
      saldo: '110.00',
    },
    {
      fecha: '2026-10-06',
      tipo: 'notaCredito',
      id: 4,
      numero: '001-001-000000005',
      factura: '001-001-000000124',
      concepto: 'Nota de crédito 001-001-000000005 (factura 001-001-000000124)',
      debe: '0.00',
      haber: '40.00',
      saldo: '70.00',
    },
    {
      fecha: '2026-10-07',
      tipo: 'notaDebito',
      id: 5,
      numero: '001-001-000000002',
      factura: '001-001-000000123',
      concepto: 'Nota de débito 001-001-000000002 (factura 001-001-000000123)',
      debe: '5.50',
      haber: '0.00',
      saldo: '75.50',
    },
    {
      fecha: '2026-10-08',
      tipo: 'cobro',
      id: 1,
      numero: null,
      factura: null,
      concepto: 'Cobro · Sin utilización del sistema financiero',
      debe: '0.00',
      haber: '25.00',
      saldo: '50.50',
    },
  ],
  totales: { facturado: '75.50', cobrado: '25.00', saldo: '50.50', vencido: '50.50', facturas: 2, pendientes: 1, vencidas: 1 },
  anterior: null,
};

describe('el estado de cuenta con notas de crédito y de débito', () => {
  it('muestra las notas de la factura, los movimientos con el saldo acumulado y el saldo total; la factura acreditada entera no queda pendiente', async () => {
    routes.push((url, m) => (m === 'GET' && url.pathname === '/api/clientes/estadoCuenta/41' ? { body: ESTADO } : undefined));
    render(
      <Wrapper>
        <EstadoCuentaPanel cliente={41} />
      </Wrapper>,
    );
    const movimientos = await screen.findByRole('table', { name: 'Movimientos' });
    const filas = within(movimientos)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(filas).toEqual([
      ['2026-10-01', 'Factura 001-001-000000123', '100.00', '', '100.00'],
      ['2026-10-01', 'Factura 001-001-000000124', '40.00', '', '140.00'],
      ['2026-10-05', 'Nota de crédito 001-001-000000004 (factura 001-001-000000123)', '', '30.00', '110.00'],
      ['2026-10-06', 'Nota de crédito 001-001-000000005 (factura 001-001-000000124)', '', '40.00', '70.00'],
      ['2026-10-07', 'Nota de débito 001-001-000000002 (factura 001-001-000000123)', '5.50', '', '75.50'],
      ['2026-10-08', 'Cobro · Sin utilización del sistema financiero', '', '25.00', '50.50'],
    ]);
    expect(screen.getByText('Saldo total: USD 50.50')).toBeInTheDocument();
    expect(
      screen.getByText('Lo facturado ya descuenta USD 70.00 de notas de crédito y suma USD 5.50 de notas de débito.'),
    ).toBeInTheDocument();
    // The invoices that owe: the one credited in full is not among them.
    const facturas = screen.getByRole('table', { name: 'Facturas con saldo' });
    const fila = within(facturas).getAllByRole('row')[1]!;
    expect(
      within(fila)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      '001-001-000000123',
      '2026-10-01',
      '2026-10-31',
      '100.00',
      'NC −30.00 · ND +5.50',
      '25.00',
      '50.50',
      'Vencida hace 22 días',
    ]);
    expect(within(facturas).queryByText('001-001-000000124')).toBeNull();
    expect(screen.getByText('1 factura pagada no se muestra')).toBeInTheDocument();
  });
});
