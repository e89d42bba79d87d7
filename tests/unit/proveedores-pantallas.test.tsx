import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { AdminContext, RecordContextProvider, ResourceContextProvider } from 'react-admin';
import { createDataProvider } from '../../src/dataProvider/createDataProvider';
import { i18nProvider } from '../../src/i18n/provider';
import { BANDERAS, PROVEEDOR_MSG } from '../../domain/proveedores';
import type { Proveedor } from '../../domain/contratos/proveedores';
import { ProveedorCreate, proveedorToWire } from '../../src/resources/proveedores/ProveedorForm';
import { BanderasPanel } from '../../src/resources/clientes/BanderasPanel';
import { stubFetch, type StubRoute } from '../helpers/fetch-stub';

/** The suppliers' screens with their real components and the company's data provider; only HTTP is stubbed. */
const { routes, sent } = stubFetch();

const on =
  (method: string, path: string, body: unknown, status = 200): StubRoute =>
  (url, m) =>
    m === method && url.pathname === path ? { body, status } : undefined;

function Wrapper({ children }: { children: ReactNode }) {
  return (
    <AdminContext dataProvider={createDataProvider('empresa', () => 'token')} i18nProvider={i18nProvider}>
      <ResourceContextProvider value="proveedores">{children}</ResourceContextProvider>
    </AdminContext>
  );
}

const proveedor = (over: Partial<Proveedor> = {}): Proveedor => ({
  PRV_CODIGO: 12,
  PRV_TIPO_IDENTIFICACION: '04',
  PRV_IDENTIFICACION: '1791251237001',
  PRV_RAZON_SOCIAL: 'IMPORTADORA DEL PACIFICO IMPAC S.A.',
  PRV_NOMBRE_COMERCIAL: 'IMPAC',
  PRV_CORREOS: [],
  PRV_TELEFONOS: [],
  PRV_DIRECCION: null,
  PRV_CONTACTO: null,
  PRV_DIAS_CREDITO: 0,
  PRV_ACTIVO: true,
  PRV_OBSERVACION: null,
  PRV_BANDERAS: null,
  PRV_CREADO: '2026-01-05T15:00:00.000Z',
  PRV_ACTUALIZADO: '2026-01-05T15:00:00.000Z',
  ...over,
});

describe('lo que el formulario del proveedor envía', () => {
  it('recorta los textos, quita correos y teléfonos repetidos o vacíos y normaliza los teléfonos', () => {
    expect(
      proveedorToWire({
        PRV_TIPO_IDENTIFICACION: '04',
        PRV_IDENTIFICACION: ' 1791251237001 ',
        PRV_RAZON_SOCIAL: ' IMPAC S.A. ',
        PRV_NOMBRE_COMERCIAL: '  ',
        PRV_CORREOS: ['Compras@Impac.ec', 'compras@impac.ec', ''],
        PRV_TELEFONOS: ['042-345678'],
        PRV_CONTACTO: ' Ana ',
        PRV_DIAS_CREDITO: '30',
      }),
    ).toEqual({
      PRV_TIPO_IDENTIFICACION: '04',
      PRV_IDENTIFICACION: '1791251237001',
      PRV_RAZON_SOCIAL: 'IMPAC S.A.',
      PRV_NOMBRE_COMERCIAL: null,
      PRV_CORREOS: ['compras@impac.ec'],
      PRV_TELEFONOS: ['042 345678'],
      PRV_DIRECCION: null,
      PRV_CONTACTO: 'Ana',
      PRV_DIAS_CREDITO: 30,
      PRV_ACTIVO: true,
      PRV_OBSERVACION: null,
      aceptarAdvertencia: false,
    });
  });
});

describe('crear un proveedor', { timeout: 30_000 }, () => {
  it('al escribir el RUC completo consulta /api/proveedores/apiRuc y llena el formulario', async () => {
    routes.push(
      on('GET', '/api/proveedores/apiRuc/1791251237001', {
        fuente: 'servicio1',
        proveedor: {
          PRV_TIPO_IDENTIFICACION: '04',
          PRV_IDENTIFICACION: '1791251237001',
          PRV_RAZON_SOCIAL: 'IMPORTADORA DEL PACIFICO IMPAC S.A.',
          PRV_NOMBRE_COMERCIAL: 'IMPAC',
          PRV_CORREOS: ['ventas@impac.ec'],
          PRV_TELEFONOS: [],
          PRV_DIRECCION: 'GUAYAQUIL',
        },
      }),
    );
    render(
      <Wrapper>
        <ProveedorCreate />
      </Wrapper>,
    );
    fireEvent.change(await screen.findByLabelText(/^Identificación/), { target: { value: '1791251237001' } });
    await waitFor(() => expect(screen.getByLabelText(/^Razón social/)).toHaveValue('IMPORTADORA DEL PACIFICO IMPAC S.A.'));
    expect(screen.getByLabelText(/^Dirección/)).toHaveValue('GUAYAQUIL');
    expect(screen.getByText('ventas@impac.ec')).toBeInTheDocument();
    expect(sent.filter((r) => r.path.startsWith('/api/proveedores/apiRuc/'))).toHaveLength(1);
  });

  it('un proveedor ya registrado ofrece abrirlo; «no encontrado» muestra el aviso', async () => {
    routes.push(
      on('GET', '/api/proveedores/apiRuc/1768152560001', {
        fuente: 'proveedores',
        existente: 12,
        proveedor: { PRV_TIPO_IDENTIFICACION: '04', PRV_IDENTIFICACION: '1768152560001', PRV_RAZON_SOCIAL: 'YA REGISTRADO S.A.' },
      }),
      on('GET', '/api/proveedores/apiRuc/0992397535001', { msg: PROVEEDOR_MSG.noEncontrado, titulo: 'Atencion' }, 404),
    );
    render(
      <Wrapper>
        <ProveedorCreate />
      </Wrapper>,
    );
    fireEvent.change(await screen.findByLabelText(/^Identificación/), { target: { value: '1768152560001' } });
    const dialog = await screen.findByRole('dialog', { name: 'Proveedor ya registrado' });
    expect(within(dialog).getByRole('button', { name: 'Abrir el proveedor' })).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    fireEvent.change(screen.getByLabelText(/^Razón social/), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText(/^Identificación/), { target: { value: '0992397535001' } });
    const aviso = await screen.findByRole('dialog', { name: 'Atencion' });
    expect(within(aviso).getByText(PROVEEDOR_MSG.noEncontrado)).toBeInTheDocument();
  });

  it('no deja guardar sin identificación y lo dice con el mensaje del proveedor', async () => {
    render(
      <Wrapper>
        <ProveedorCreate />
      </Wrapper>,
    );
    fireEvent.change(await screen.findByLabelText(/^Razón social/), { target: { value: 'FERRETERIA EL CLAVO' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(PROVEEDOR_MSG.identificacionRequerida)).toBeInTheDocument();
    expect(sent.some((r) => r.method === 'POST')).toBe(false);
  });
});

describe('situación del proveedor en el SRI', () => {
  it('una empresa fantasma se ve en rojo; «Consultar en el SRI» pide las banderas del proveedor', async () => {
    routes.push(on('POST', '/api/proveedores/12/banderas', { banderas: { fantasma: true }, noDisponibles: [] }));
    render(
      <Wrapper>
        <RecordContextProvider value={proveedor()}>
          <BanderasPanel record={proveedor({ PRV_BANDERAS: { fantasma: true, rimpe: true, consultado: '2026-01-05T15:00:00.000Z' } })} />
        </RecordContextProvider>
      </Wrapper>,
    );
    expect(screen.getByText(BANDERAS.fantasma.detalle)).toBeInTheDocument();
    expect(screen.getByText(BANDERAS.rimpe.etiqueta).closest('.MuiChip-root')).not.toHaveClass('MuiChip-colorError');
    fireEvent.click(screen.getByRole('button', { name: 'Consultar en el SRI' }));
    await waitFor(() => expect(sent.find((r) => r.method === 'POST')?.path).toBe('/api/proveedores/12/banderas'));
  });
});
