import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { AdminContext, ResourceContextProvider } from 'react-admin';
import { createDataProvider } from '../../src/dataProvider/createDataProvider';
import { i18nProvider } from '../../src/i18n/provider';
import { BANDERAS, CLIENTE_MSG } from '../../domain/clientes';
import { ClienteCreate, clienteToWire } from '../../src/resources/clientes/ClienteForm';
import { ClienteEliminar } from '../../src/resources/clientes/ClienteEliminar';
import { BanderasPanel } from '../../src/resources/clientes/BanderasPanel';
import { ImportResumen } from '../../src/resources/clientes/ClienteImportar';
import { erroresCsv } from '../../src/resources/clientes/importar';
import type { Cliente } from '../../src/resources/clientes/tipos';
import { EstadoCuentaPanel } from '../../src/resources/clientes/EstadoCuentaPanel';
import type { EstadoCuenta, Saldo } from '../../server/modules/cuentas/contract';
import { stubFetch, type StubRoute } from '../helpers/fetch-stub';

/**
 * The clients' screens with their real components and the company's data provider; only HTTP is stubbed: `fetch`
 * answers from the routes below (paths under the server's root: the /api family) and records what was sent.
 */
const { routes, sent } = stubFetch();

const on =
  (method: string, path: string, body: unknown, status = 200): StubRoute =>
  (url, m) =>
    m === method && url.pathname === path ? { body, status } : undefined;

function Wrapper({ children }: { children: ReactNode }) {
  return (
    <AdminContext dataProvider={createDataProvider('empresa', () => 'token')} i18nProvider={i18nProvider}>
      <ResourceContextProvider value="clientes">{children}</ResourceContextProvider>
    </AdminContext>
  );
}

const catalogos = () =>
  routes.push(
    on('GET', '/api/tipoClientes', [{ TCL_CODIGO: 1, TCL_NOMBRE: 'Minorista' }]),
    on('GET', '/api/grupoClientes', []),
    on('GET', '/api/clientes/vendedores', [{ USU_CODIGO: 7, nombre: 'Ana Vendedora' }]),
    (url, m) =>
      m === 'GET' && url.pathname.startsWith('/api/tipJuridica/')
        ? { body: [{ TJU_CODIGO: 2, TJU_NOMBRE: 'Sociedad privada' }] }
        : undefined,
  );

const cliente = (over: Partial<Cliente> = {}): Cliente => ({
  CLI_CODIGO: 41,
  CLI_TIPO_IDENTIFICACION: '04',
  CLI_IDENTIFICACION: '1791251237001',
  CLI_RAZON_SOCIAL: 'IMPORTADORA DEL PACIFICO IMPAC S.A.',
  CLI_NOMBRE_COMERCIAL: 'IMPAC',
  CLI_CORREOS: ['compras@impac.ec'],
  CLI_TELEFONOS: ['042345678'],
  CLI_DIRECCION: 'Guayaquil',
  TCL_CODIGO: null,
  GCL_CODIGO: null,
  TJU_CODIGO: null,
  CLI_VENDEDOR: null,
  vendedor: null,
  CLI_DIAS_CREDITO: 0,
  CLI_LIMITE_CREDITO: '0.00',
  CLI_ACTIVO: true,
  CLI_OBSERVACION: null,
  CLI_CONSUMIDOR_FINAL: false,
  CLI_BANDERAS: null,
  CLI_CREADO: '2026-01-05T15:00:00.000Z',
  CLI_ACTUALIZADO: '2026-01-05T15:00:00.000Z',
  ...over,
});

describe('lo que el formulario envía', () => {
  it('recorta, quita correos y teléfonos vacíos o repetidos, deja los teléfonos como los guarda la API y los códigos como números', () => {
    expect(
      clienteToWire({
        CLI_TIPO_IDENTIFICACION: '04',
        CLI_IDENTIFICACION: ' 1791251237001 ',
        CLI_RAZON_SOCIAL: '  IMPAC S.A. ',
        CLI_NOMBRE_COMERCIAL: '   ',
        CLI_CORREOS: ['Compras@Impac.ec', ' ', 'compras@impac.ec'],
        CLI_TELEFONOS: ['042-345678', '(09) 9123-4567'],
        CLI_DIRECCION: '',
        TCL_CODIGO: 1,
        GCL_CODIGO: '',
        TJU_CODIGO: '2',
        CLI_VENDEDOR: null,
        CLI_DIAS_CREDITO: '30',
        CLI_LIMITE_CREDITO: '1500.5',
        CLI_ACTIVO: true,
        CLI_OBSERVACION: ' ',
        aceptarAdvertencia: true,
        id: 3,
        vendedor: 'x',
      }),
    ).toEqual({
      CLI_TIPO_IDENTIFICACION: '04',
      CLI_IDENTIFICACION: '1791251237001',
      CLI_RAZON_SOCIAL: 'IMPAC S.A.',
      CLI_NOMBRE_COMERCIAL: null,
      CLI_CORREOS: ['compras@impac.ec'],
      CLI_TELEFONOS: ['042 345678', '09 9123 4567'],
      CLI_DIRECCION: null,
      TCL_CODIGO: 1,
      GCL_CODIGO: null,
      TJU_CODIGO: 2,
      CLI_VENDEDOR: null,
      CLI_DIAS_CREDITO: 30,
      CLI_LIMITE_CREDITO: '1500.50',
      CLI_ACTIVO: true,
      CLI_OBSERVACION: null,
      aceptarAdvertencia: true,
    });
  });

  it('el archivo de errores de una importación es un CSV con punto y coma que Excel abre con sus tildes', () => {
    const csv = erroresCsv([
      { linea: 11, identificacion: '17912512A7001', motivo: 'El RUC debe tener 13 dígitos numéricos' },
      { linea: 21, identificacion: '0900000209', motivo: 'Motivo con ; y "comillas"' },
    ]);
    expect(csv).toBe(
      '\uFEFFLínea;Identificación;Motivo\r\n11;17912512A7001;El RUC debe tener 13 dígitos numéricos\r\n21;0900000209;"Motivo con ; y ""comillas"""\r\n',
    );
  });
});

describe('crear un cliente', { timeout: 30_000 }, () => {
  const renderCreate = () =>
    render(
      <Wrapper>
        <ClienteCreate />
      </Wrapper>,
    );

  it('al escribir el RUC completo lo consulta y llena el formulario con la respuesta', async () => {
    catalogos();
    routes.push(
      on('GET', '/api/clientes/apiRuc/1791251237001', {
        fuente: 'servicio1',
        cliente: {
          CLI_TIPO_IDENTIFICACION: '04',
          CLI_IDENTIFICACION: '1791251237001',
          CLI_RAZON_SOCIAL: 'IMPORTADORA DEL PACIFICO IMPAC S.A.',
          CLI_NOMBRE_COMERCIAL: 'IMPAC',
          CLI_CORREOS: ['compras@impac.ec'],
          CLI_TELEFONOS: ['042345678'],
          CLI_DIRECCION: 'GUAYAQUIL',
        },
      }),
    );
    renderCreate();
    fireEvent.change(await screen.findByLabelText(/^Identificación/), { target: { value: '1791251237001' } });
    await waitFor(() => expect(screen.getByLabelText(/^Razón social/)).toHaveValue('IMPORTADORA DEL PACIFICO IMPAC S.A.'));
    expect(screen.getByLabelText(/^Nombre comercial/)).toHaveValue('IMPAC');
    expect(screen.getByText('compras@impac.ec')).toBeInTheDocument();
    expect(sent.filter((r) => r.path.startsWith('/api/clientes/apiRuc/'))).toHaveLength(1);
  });

  it('«no encontrado» muestra Atencion / Cliente no encontrado, Llenar los datos; el SRI caído, su propio texto', async () => {
    catalogos();
    routes.push(
      on('GET', '/api/clientes/apiRuc/0992397535001', { msg: CLIENTE_MSG.noEncontrado, titulo: 'Atencion' }, 404),
      on('GET', '/api/clientes/apiRuc/1768152560001', { msg: CLIENTE_MSG.sriNoDisponible }, 503),
    );
    renderCreate();
    fireEvent.change(await screen.findByLabelText(/^Identificación/), { target: { value: '0992397535001' } });
    const dialog = await screen.findByRole('dialog', { name: 'Atencion' });
    expect(within(dialog).getByText(CLIENTE_MSG.noEncontrado)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    fireEvent.change(screen.getByLabelText(/^Identificación/), { target: { value: '1768152560001' } });
    expect(await screen.findByText(CLIENTE_MSG.sriNoDisponible)).toBeInTheDocument();
  });

  it('un dígito verificador que no cuadra es una advertencia: guardar exige «Usar de todas formas» y envía aceptarAdvertencia', async () => {
    catalogos();
    routes.push(
      on('GET', '/api/clientes/apiRuc/1790012345001', { msg: CLIENTE_MSG.noEncontrado, titulo: 'Atencion' }, 404),
      on('POST', '/api/clientes', { ...cliente({ CLI_IDENTIFICACION: '1790012345001' }) }, 201),
      on('GET', '/api/clientes/41', cliente()),
    );
    renderCreate();
    fireEvent.change(await screen.findByLabelText(/^Razón social/), { target: { value: 'FERRETERIA EL CLAVO' } });
    fireEvent.change(screen.getByLabelText(/^Identificación/), { target: { value: '1790012345001' } });
    expect(
      await screen.findByText('El dígito verificador del RUC no es válido; verifique el número antes de continuar'),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Marque «Usar de todas formas» para guardar con este número')).toBeInTheDocument();
    expect(sent.some((r) => r.method === 'POST')).toBe(false);

    fireEvent.click(screen.getByRole('checkbox', { name: 'Usar de todas formas' }));
    // Checked, the field validates again (the button waits meanwhile) and the message goes.
    await waitFor(() => expect(screen.queryByText('Marque «Usar de todas formas» para guardar con este número')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Guardar' })).toBeEnabled());
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(sent.some((r) => r.method === 'POST')).toBe(true), { timeout: 5_000 });
    const post = sent.find((r) => r.method === 'POST')!;
    expect(post.path).toBe('/api/clientes');
    expect(post.body).toMatchObject({
      CLI_IDENTIFICACION: '1790012345001',
      CLI_RAZON_SOCIAL: 'FERRETERIA EL CLAVO',
      aceptarAdvertencia: true,
    });
  });

  it('una cédula de 9 dígitos es un error que impide guardar', async () => {
    catalogos();
    renderCreate();
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: /^Tipo de identificación/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Cédula' }));
    fireEvent.change(screen.getByLabelText(/^Razón social/), { target: { value: 'JUAN PEREZ' } });
    fireEvent.change(screen.getByLabelText(/^Identificación/), { target: { value: '091234567' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('La cédula debe tener 10 dígitos numéricos')).toBeInTheDocument();
    expect(sent.some((r) => r.method === 'POST')).toBe(false);
  });
});

describe('eliminar un cliente', () => {
  it('si el servidor lo impide: «Error / Ocurrió un inconveniente: » con su mensaje, y ofrece desactivarlo', async () => {
    routes.push(
      on('DELETE', '/api/clientes/41', { msg: CLIENTE_MSG.conDocumentos }, 409),
      on('PUT', '/api/clientes/lote', { actualizados: 1 }),
    );
    render(
      <Wrapper>
        <ClienteEliminar record={cliente()} />
      </Wrapper>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar' }));
    const confirm = await screen.findByRole('dialog');
    fireEvent.click(within(confirm).getByRole('button', { name: /Confirmar/ }));
    const error = await screen.findByRole('dialog', { name: 'Error' });
    expect(within(error).getByText(`Ocurrió un inconveniente: ${CLIENTE_MSG.conDocumentos}`)).toBeInTheDocument();
    fireEvent.click(within(error).getByRole('button', { name: 'Desactivar' }));
    await waitFor(() => expect(sent.some((r) => r.method === 'PUT')).toBe(true));
    expect(sent.find((r) => r.method === 'PUT')).toMatchObject({
      method: 'PUT',
      path: '/api/clientes/lote',
      body: { ids: [41], accion: 'desactivar' },
    });
  });
});

describe('situación en el SRI', () => {
  it('una empresa fantasma se ve en rojo con su consecuencia; «Consultar en el SRI» pide las banderas', async () => {
    routes.push(on('POST', '/api/clientes/41/banderas', { banderas: { fantasma: true }, noDisponibles: ['rimpe'] }));
    render(
      <Wrapper>
        <BanderasPanel record={cliente({ CLI_BANDERAS: { fantasma: true, especial: true, consultado: '2026-01-05T15:00:00.000Z' } })} />
      </Wrapper>,
    );
    expect(screen.getByText(BANDERAS.fantasma.detalle)).toBeInTheDocument();
    const chip = screen.getAllByText(BANDERAS.fantasma.etiqueta).find((el) => el.closest('.MuiChip-root'))!;
    expect(chip.closest('.MuiChip-root')).toHaveClass('MuiChip-colorError');
    expect(screen.getByText(BANDERAS.especial.etiqueta).closest('.MuiChip-root')).not.toHaveClass('MuiChip-colorError');
    fireEvent.click(screen.getByRole('button', { name: 'Consultar en el SRI' }));
    expect(await screen.findByText('No respondieron por el momento: rimpe. Vuelva a consultar más tarde.')).toBeInTheDocument();
    expect(sent.find((r) => r.method === 'POST')?.path).toBe('/api/clientes/41/banderas');
  });
});

describe('resultado de una importación', () => {
  it('resume lo creado, actualizado y con errores, lista las filas con su línea y descarga los errores', async () => {
    const created: Blob[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: (b: Blob) => (created.push(b), 'blob:x'), revokeObjectURL: () => undefined }),
    );
    render(
      <Wrapper>
        <ImportResumen
          result={{
            total: 1000,
            creados: 990,
            actualizados: 5,
            advertencias: 3,
            erroresOmitidos: 0,
            errores: [
              { linea: 11, identificacion: '17912512A7001', motivo: 'El RUC debe tener 13 dígitos numéricos' },
              { linea: 21, identificacion: '0900000209', motivo: CLIENTE_MSG.razonSocialRequerida },
            ],
          }}
        />
      </Wrapper>,
    );
    expect(screen.getByText('1000 filas leídas: 990 creados, 5 actualizados, 2 con errores')).toBeInTheDocument();
    expect(screen.getByText('3 clientes se guardaron con un dígito verificador que no cuadra; revíselos')).toBeInTheDocument();
    const lineas = screen
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[0]!.textContent);
    expect(lineas).toEqual(['11', '21']);
    fireEvent.click(screen.getByRole('button', { name: 'Descargar errores' }));
    expect(created).toHaveLength(1);
    expect(await created[0]!.text()).toContain('21;0900000209;Ingrese la razón social o los nombres del cliente');
  });
});

describe('el estado de cuenta por período', () => {
  const saldo = (over: Partial<Saldo> = {}): Saldo => ({
    facturado: '0.00',
    cobrado: '0.00',
    saldo: '0.00',
    vencido: '0.00',
    facturas: 0,
    pendientes: 0,
    vencidas: 0,
    ...over,
  });
  const estado = (desde: string | null, hasta: string | null): EstadoCuenta => ({
    cliente: { CLI_CODIGO: 41, CLI_IDENTIFICACION: '1791251237001', CLI_RAZON_SOCIAL: 'IMPORTADORA DEL PACIFICO IMPAC S.A.' },
    hoy: '2026-11-22',
    desde,
    hasta,
    facturas: [],
    cobros: [],
    movimientos: [],
    totales: desde
      ? saldo({ facturado: '50.00', saldo: '20.00', facturas: 1, pendientes: 1 })
      : saldo({ facturado: '150.00', saldo: '90.00' }),
    anterior: desde ? saldo({ facturado: '100.00', cobrado: '30.00', saldo: '70.00', vencido: '70.00', facturas: 1, pendientes: 1 }) : null,
  });

  it('pide el período elegido, muestra el saldo con que el cliente llega a él y el total, y "Todo" vuelve a la cuenta entera', async () => {
    routes.push((url, m) =>
      m === 'GET' && url.pathname === '/api/clientes/estadoCuenta/41'
        ? { body: estado(url.searchParams.get('desde'), url.searchParams.get('hasta')) }
        : undefined,
    );
    render(
      <Wrapper>
        <EstadoCuentaPanel cliente={41} />
      </Wrapper>,
    );
    await screen.findByText('USD 150.00');
    expect(screen.queryByText(/Saldo anterior/)).toBeNull();
    fireEvent.change(screen.getByLabelText('Desde'), { target: { value: '2026-11-01' } });
    expect(await screen.findByText(/Saldo anterior al 2026-11-01: USD 70\.00 \(vencido USD 70\.00\)/)).toBeInTheDocument();
    expect(screen.getByText('Saldo total: USD 90.00')).toBeInTheDocument();
    expect(sent.at(-1)!.url.search).toBe('?desde=2026-11-01');
    fireEvent.change(screen.getByLabelText('Hasta'), { target: { value: '2026-11-15' } });
    await waitFor(() => expect(sent.at(-1)!.url.search).toBe('?desde=2026-11-01&hasta=2026-11-15'));
    fireEvent.click(screen.getByRole('button', { name: 'Todo' }));
    await waitFor(() => expect(screen.queryByText(/Saldo anterior/)).toBeNull());
    expect(sent.at(-1)!.url.search).toBe('');
    expect(screen.getByLabelText('Desde')).toHaveValue('');
  });
});
