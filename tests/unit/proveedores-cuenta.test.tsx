import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { AdminContext, RecordContextProvider, ResourceContextProvider } from 'react-admin';
import { createDataProvider } from '../../src/dataProvider/createDataProvider';
import { i18nProvider } from '../../src/i18n/provider';
import { CuentaPanel } from '../../src/resources/proveedores/CuentaPanel';
import { EstadoCuentaPanel } from '../../src/resources/clientes/EstadoCuentaPanel';
import type { CuentaProveedor } from '../../server/modules/proveedoresCuenta/contract';
import type { EstadoCuenta } from '../../server/modules/cuentas/contract';
import { stubFetch } from '../helpers/fetch-stub';

/**
 * The purchase side's accounts on screen: the supplier's page shows what the company owes it (bought, credited,
 * withheld) with the movements and their running balance, and says payments are not recorded; a client's statement
 * shows a retención applied as "Retención 001-001-…" where a forma de pago would be. Only HTTP is stubbed.
 */
const { routes } = stubFetch();

function Wrapper({ resource, children }: { resource: string; children: ReactNode }) {
  return (
    <AdminContext dataProvider={createDataProvider('empresa', () => 'token')} i18nProvider={i18nProvider}>
      <ResourceContextProvider value={resource}>{children}</ResourceContextProvider>
    </AdminContext>
  );
}

const CUENTA: CuentaProveedor = {
  proveedor: { PRV_CODIGO: 7, PRV_IDENTIFICACION: '1790011674001', PRV_RAZON_SOCIAL: 'AGRÍCOLA LOS ANDES S.A.' },
  hoy: '2026-11-29',
  documentos: [
    { tipo: 'factura', id: 3, numero: '001-002-000000123', fecha: '2026-11-02', total: '115.00', retenido: '4.00', saldo: '111.00' },
  ],
  movimientos: [
    {
      fecha: '2026-11-02',
      tipo: 'factura',
      id: 3,
      numero: '001-002-000000123',
      concepto: 'Factura 001-002-000000123',
      haber: '115.00',
      debe: '0.00',
      saldo: '115.00',
    },
    {
      fecha: '2026-11-07',
      tipo: 'retencion',
      id: 9,
      numero: '001-001-000000007',
      concepto: 'Retención 001-001-000000007 (factura 001-002-000000123)',
      haber: '0.00',
      debe: '4.00',
      saldo: '111.00',
    },
  ],
  totales: { comprado: '115.00', notasCredito: '0.00', retenido: '4.00', saldo: '111.00' },
};

const filas = (tabla: HTMLElement) =>
  within(tabla)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    );

describe('la cuenta del proveedor en su página', () => {
  it('muestra lo comprado, lo retenido, el saldo por pagar y los movimientos con el saldo acumulado', async () => {
    routes.push((url, m) => (m === 'GET' && url.pathname === '/api/proveedores/7/cuenta' ? { body: CUENTA } : undefined));
    render(
      <Wrapper resource="proveedores">
        <RecordContextProvider value={{ id: 7, PRV_CODIGO: 7 }}>
          <CuentaPanel />
        </RecordContextProvider>
      </Wrapper>,
    );
    const movimientos = await screen.findByRole('table', { name: 'Movimientos' });
    expect(filas(movimientos)).toEqual([
      ['2026-11-02', 'Factura 001-002-000000123', '', '115.00', '115.00'],
      ['2026-11-07', 'Retención 001-001-000000007 (factura 001-002-000000123)', '4.00', '', '111.00'],
    ]);
    const panel = screen.getByRole('region', { name: 'Cuenta del proveedor' });
    expect(within(panel).getByText('Retenido').nextSibling).toHaveTextContent('USD 4.00');
    expect(within(panel).getByText('Saldo por pagar', { selector: 'span' }).nextSibling).toHaveTextContent('USD 111.00');
    expect(within(panel).getByText(/aún no registra pagos a proveedores/)).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Descargar la cuenta del proveedor en PDF' })).toBeInTheDocument();
  });
});

describe('una retención del cliente en su estado de cuenta', () => {
  it('se muestra como "Retención 001-001-…" en vez de una forma de pago, sin repetir la referencia', async () => {
    const estado: EstadoCuenta = {
      cliente: { CLI_CODIGO: 41, CLI_IDENTIFICACION: '1791234567001', CLI_RAZON_SOCIAL: 'CONSTRUCTORA DEL VALLE S.A.' },
      hoy: '2026-11-29',
      desde: null,
      hasta: null,
      facturas: [],
      cobros: [
        {
          COB_CODIGO: 5,
          CLI_CODIGO: 41,
          COB_FECHA: '2026-11-20',
          COB_VALOR: '11.75',
          COB_FORMA: null,
          REC_CODIGO: 3,
          forma: 'Retención 001-001-000000041',
          COB_REFERENCIA: 'Retención 001-001-000000041',
          COB_ANULADO: false,
          COB_ANULACION_MOTIVO: null,
          COB_ANULACION_FECHA: null,
          anuladoPor: null,
          usuario: 'contador',
          COB_CREADO: '2026-11-20T15:00:00.000Z',
          aplicaciones: [{ FAC_CODIGO: 1, FAC_NUMERO: '001-001-000000123', valor: '11.75' }],
        },
      ],
      movimientos: [],
      totales: { facturado: '0.00', cobrado: '0.00', saldo: '0.00', vencido: '0.00', facturas: 0, pendientes: 0, vencidas: 0 },
      anterior: null,
    };
    routes.push((url, m) => (m === 'GET' && url.pathname === '/api/clientes/estadoCuenta/41' ? { body: estado } : undefined));
    render(
      <Wrapper resource="clientes">
        <EstadoCuentaPanel cliente={41} />
      </Wrapper>,
    );
    const cobros = await screen.findByRole('list', { name: 'Cobros' });
    expect(within(cobros).getByText('2026-11-20 · USD 11.75 · Retención 001-001-000000041')).toBeInTheDocument();
    expect(within(cobros).getByText('Aplicado a 001-001-000000123 (11.75)')).toBeInTheDocument();
  });
});
