import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { AdminContext, Notification, ResourceContextProvider } from 'react-admin';
import { MemoryRouter, Route, Routes } from 'react-router';
import { on, stubFetch } from '../helpers/fetch-stub';
import { createDataProvider } from '../../src/dataProvider/createDataProvider';
import { i18nProvider } from '../../src/i18n/provider';
import { RecibidoList } from '../../src/resources/recibidos/RecibidoList';
import { RecibidoShow } from '../../src/resources/recibidos/RecibidoShow';
import { leerClaves } from '../../src/resources/recibidos/claves';
import { generarClaveAcceso } from '../../domain/comprobantes/clave-acceso';
import type { Recibido, RecibidoDetalle, RecibidosTotales, ResultadoImportacion } from '../../domain/contratos/recibidos';

/** The received documents' screens with their real components and data provider; only HTTP is stubbed (the contract's shapes). */
const { routes, sent } = stubFetch();

function Wrapper({ children, at = '/recibidos' }: { children: ReactNode; at?: string }) {
  return (
    <MemoryRouter initialEntries={[at]}>
      <AdminContext dataProvider={createDataProvider('empresa', () => 'token')} i18nProvider={i18nProvider}>
        <ResourceContextProvider value="recibidos">
          <Routes>
            <Route path="/recibidos" element={children} />
            <Route path="/recibidos/:id/show" element={children} />
          </Routes>
          <Notification />
        </ResourceContextProvider>
      </AdminContext>
    </MemoryRouter>
  );
}

const clave = (secuencial: string, codDoc: '01' | '07' = '01') =>
  generarClaveAcceso({
    fechaEmision: '14/03/2026',
    codDoc,
    ruc: '1790011674001',
    ambiente: '1',
    estab: '001',
    ptoEmi: '002',
    secuencial,
    codigoNumerico: '12345678',
  });

const fila = (over: Partial<Recibido>): Recibido => ({
  REC_CODIGO: 1,
  REC_TIPO: '01',
  REC_NUMERO: '001-002-000000321',
  REC_FECHA: '2026-03-14',
  REC_CLAVE_ACCESO: clave('000000321'),
  REC_EMISOR_RUC: '1790011674001',
  REC_EMISOR_RAZON_SOCIAL: 'DISENSA DISTRIBUIDORA S.A.',
  PRV_CODIGO: 8,
  CLI_CODIGO: null,
  REC_AUTORIZACION: clave('000000321'),
  REC_FECHA_AUTORIZACION: '2026-03-14T15:20:00-05:00',
  REC_AMBIENTE: 1,
  REC_SUBTOTAL: '100.00',
  REC_IVA: '15.00',
  REC_TOTAL: '115.00',
  REC_ORIGEN: 'clave',
  REC_CREADO: '2026-03-20T10:00:00-05:00',
  RETENCION: null,
  ...over,
});

const FILAS: Recibido[] = [
  fila({}),
  fila({
    REC_CODIGO: 2,
    REC_NUMERO: '001-002-000000300',
    REC_TOTAL: '230.00',
    REC_ORIGEN: 'xml',
    RETENCION: { FAC_CODIGO: 77, FAC_NUMERO: '001-001-000000005', FAC_ESTADO: 'AUTORIZADA' },
  }),
  fila({
    REC_CODIGO: 3,
    REC_TIPO: '07',
    REC_NUMERO: '001-001-000000090',
    REC_EMISOR_RUC: '1791251237001',
    REC_EMISOR_RAZON_SOCIAL: 'IMPORTADORA DEL PACIFICO IMPAC S.A.',
    PRV_CODIGO: null,
    CLI_CODIGO: 41,
    REC_SUBTOTAL: '0.00',
    REC_IVA: '0.00',
    REC_TOTAL: '3.38',
    REC_ORIGEN: 'reporte',
  }),
];

const TOTALES: RecibidosTotales = {
  cantidad: 57,
  subtotal: '4210.00',
  iva: '631.50',
  total: '4844.88',
  porMes: [
    { mes: '2026-02', REC_TIPO: '01', cantidad: 20, subtotal: '1500.00', iva: '225.00', total: '1725.00' },
    { mes: '2026-03', REC_TIPO: '07', cantidad: 1, subtotal: '0.00', iva: '0.00', total: '3.38' },
    { mes: '2026-03', REC_TIPO: '01', cantidad: 36, subtotal: '2710.00', iva: '406.50', total: '3116.50' },
  ],
};

function lista() {
  routes.push(on('GET', '/api/recibidos', FILAS, { 'Content-Range': 'recibidos 0-2/57' }), on('GET', '/api/recibidos/totales', TOTALES));
  render(
    <Wrapper>
      <RecibidoList />
    </Wrapper>,
  );
}

describe('la lista de documentos recibidos', { timeout: 30_000 }, () => {
  it('muestra tipo, número, fecha, emisor con su RUC, total, la retención (o «Retener») y el origen; debajo, los totales del conjunto filtrado', async () => {
    lista();
    expect(await screen.findByText('001-002-000000321')).toBeInTheDocument();
    const filas = screen.getAllByRole('row').slice(1);
    expect(filas[0]).toHaveTextContent(
      /^Factura.*001-002-000000321.*DISENSA DISTRIBUIDORA S\.A\..*1790011674001.*115\.00.*Retener.*Clave de acceso$/,
    );
    expect(filas[1]).toHaveTextContent(/Retenida 001-001-000000005.*Archivo XML$/);
    expect(filas[2]).toHaveTextContent(/^Retención.*IMPORTADORA DEL PACIFICO.*3\.38.*Reporte del SRI$/);
    // A retención received takes no retention of ours.
    expect(within(filas[2]!).queryByText('Retener')).toBeNull();
    expect(within(filas[0]!).getByRole('link', { name: 'DISENSA DISTRIBUIDORA S.A.' })).toHaveAttribute('href', '#/proveedores/8/show');
    expect(within(filas[2]!).getByRole('link', { name: /IMPORTADORA/ })).toHaveAttribute('href', '#/clientes/41/show');
    expect(within(filas[1]!).getByText('Retenida 001-001-000000005').closest('a')).toHaveAttribute('href', '#/retenciones/77/show');
    const resumen = await screen.findByRole('region', { name: 'Totales de los documentos filtrados' });
    await waitFor(() => expect(resumen).toHaveTextContent('57 documentos'));
    expect(resumen.querySelector('[data-resumen="total"]')).toHaveTextContent('Total 4 844.88');
  });

  it('«Retener» abre una retención nueva con el documento como sustento', async () => {
    lista();
    const filas = (await screen.findAllByRole('row')).slice(1);
    const retener = within(filas[0]!).getByRole('link', { name: 'Retener 001-002-000000321' });
    const url = new URL(retener.getAttribute('href')!.slice(1), 'http://x');
    expect(url.pathname).toBe('/retenciones/create');
    expect(JSON.parse(url.searchParams.get('documento')!)).toEqual({ sustentos: [{ REC_CODIGO: 1 }] });
  });

  it('«Pendientes de retener» filtra la lista y los totales; otro clic lo quita', async () => {
    lista();
    await screen.findByText('001-002-000000321');
    fireEvent.click(screen.getByRole('button', { name: 'Pendientes de retener' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Pendientes de retener' })).toHaveAttribute('aria-pressed', 'true'));
    await waitFor(() => {
      const pedidos = sent.filter((r) => r.path === '/api/recibidos/totales');
      expect(JSON.parse(pedidos.at(-1)!.url.searchParams.get('filter')!)).toEqual({ retenible: true });
    });
    const listas = sent.filter((r) => r.path === '/api/recibidos');
    expect(JSON.parse(listas.at(-1)!.url.searchParams.get('filter')!)).toEqual({ retenible: true });
    fireEvent.click(screen.getByRole('button', { name: 'Pendientes de retener' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Pendientes de retener' })).toHaveAttribute('aria-pressed', 'false'));
  });

  it('«Totales por mes» da la tabla mes × tipo, el mes más reciente primero', async () => {
    lista();
    fireEvent.click(await screen.findByRole('button', { name: 'Totales por mes' }));
    const tabla = await screen.findByRole('table', { name: 'Totales por mes y tipo de los documentos filtrados' });
    const filas = within(tabla).getAllByRole('row').slice(1);
    expect(filas.map((f) => f.textContent)).toEqual([
      'marzo 2026Factura362 710.00406.503 116.50',
      'Retención10.000.003.38',
      'febrero 2026Factura201 500.00225.001 725.00',
    ]);
  });
});

describe('importar documentos recibidos', { timeout: 30_000 }, () => {
  it('las claves pegadas se cuentan mientras se escriben; se envían tal cual y el resultado dice qué pasó con cada una', async () => {
    const buena = clave('000000400');
    const otra = clave('000000401');
    const errada = `${buena.slice(0, 48)}${(Number(buena[48]) + 1) % 10}`;
    const RESULTADO: ResultadoImportacion = {
      importados: 1,
      duplicados: 1,
      rechazados: 0,
      proveedoresNuevos: 1,
      resultados: [
        { origen: buena, clave: buena, estado: 'importado', mensaje: 'Proveedor añadido', REC_CODIGO: 9 },
        { origen: otra, clave: otra, estado: 'duplicado', mensaje: 'Ya estaba registrado', REC_CODIGO: 2 },
      ],
    };
    routes.push(on('POST', '/api/recibidos/claves', RESULTADO));
    lista();
    fireEvent.click(await screen.findByRole('button', { name: 'Importar' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Importar documentos recibidos' });
    fireEvent.click(within(dialogo).getByRole('tab', { name: 'Claves de acceso' }));
    const texto = `${buena}\n${otra}, ${buena}; ${errada} 123`;
    fireEvent.change(within(dialogo).getByLabelText('Claves de acceso', { selector: 'textarea' }), { target: { value: texto } });
    expect(within(dialogo).getByText('2 claves válidas')).toBeInTheDocument();
    expect(within(dialogo).getByText('1 número de 49 dígitos con el dígito verificador errado')).toBeInTheDocument();
    expect(within(dialogo).getByText('1 repetida')).toBeInTheDocument();
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Importar' }));
    const resultado = await within(dialogo).findByRole('region', { name: 'Resultado de la importación' });
    expect(sent.find((r) => r.path === '/api/recibidos/claves')?.body).toEqual({ claves: texto });
    expect(resultado).toHaveTextContent('1 importados, 1 ya registrados, 0 rechazados · 1 proveedor nuevo añadido al libro');
    const filas = within(resultado).getAllByRole('row').slice(1);
    expect(filas[0]).toHaveTextContent(/Importado.*Proveedor añadido/);
    expect(filas[1]).toHaveTextContent(/Ya registrado.*Ya estaba registrado/);
    expect(within(filas[0]!).getByRole('link', { name: 'Ver' })).toHaveAttribute('href', '#/recibidos/9/show');
  });

  it('el reporte del SRI dice dónde descargarlo; una negativa del servidor se muestra con sus palabras', async () => {
    routes.push(on('POST', '/api/recibidos/claves', { msg: 'El SRI no respondió; intente de nuevo en unos minutos' }, undefined, 503));
    lista();
    fireEvent.click(await screen.findByRole('button', { name: 'Importar' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Importar documentos recibidos' });
    fireEvent.click(within(dialogo).getByRole('tab', { name: 'Reporte del SRI' }));
    expect(dialogo).toHaveTextContent('SRI en línea → Facturación electrónica → Comprobantes electrónicos recibidos');
    expect(within(dialogo).getByRole('button', { name: 'Importar' })).toBeDisabled();
    const archivo = new File(['RUC_EMISOR\tRAZON_SOCIAL_EMISOR\n'], 'reporte.txt', { type: 'text/plain' });
    fireEvent.change(within(dialogo).getByLabelText('Reporte de comprobantes recibidos del SRI (.txt)'), { target: { files: [archivo] } });
    expect(dialogo).toHaveTextContent('reporte.txt');
    expect(within(dialogo).getByRole('button', { name: 'Importar' })).toBeEnabled();
    fireEvent.click(within(dialogo).getByRole('tab', { name: 'Claves de acceso' }));
    fireEvent.change(within(dialogo).getByLabelText('Claves de acceso', { selector: 'textarea' }), {
      target: { value: clave('000000500') },
    });
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Importar' }));
    expect(await within(dialogo).findByText('El SRI no respondió; intente de nuevo en unos minutos')).toBeInTheDocument();
  });

  it('los archivos se eligen varios a la vez, se quitan uno a uno, y un archivo que no es XML ni ZIP se dice', async () => {
    lista();
    fireEvent.click(await screen.findByRole('button', { name: 'Importar' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Importar documentos recibidos' });
    const xml = (nombre: string) => new File(['<factura/>'], nombre, { type: 'text/xml' });
    fireEvent.change(within(dialogo).getByLabelText('Archivos XML o ZIP de comprobantes autorizados', { selector: 'input' }), {
      target: { files: [xml('a.xml'), xml('b.xml'), new File(['x'], 'foto.png')] },
    });
    expect(within(dialogo).getByText('foto.png no es un archivo .xml ni .zip')).toBeInTheDocument();
    expect(dialogo).toHaveTextContent(/a\.xml.*b\.xml/);
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Quitar a.xml' }));
    expect(dialogo).not.toHaveTextContent('a.xml');
    expect(within(dialogo).getByRole('button', { name: 'Importar' })).toBeEnabled();
  });
});

const RETENCION: RecibidoDetalle = {
  ...FILAS[2]!,
  REC_DATOS: {
    receptor: { tipoIdentificacion: '04', identificacion: '1790012345001', razonSocial: 'FERRETERIA EL TORNILLO' },
    impuestos: [],
    pagos: [],
    periodoFiscal: '03/2026',
    retenciones: [
      {
        codigo: '1',
        codigoRetencion: '312',
        baseImponible: '100.00',
        porcentajeRetener: '1.75',
        valorRetenido: '1.75',
        codDocSustento: '01',
        numDocSustento: '001-001-000000004',
        fechaEmisionDocSustento: '2026-03-10',
      },
      {
        codigo: '2',
        codigoRetencion: '1',
        baseImponible: '15.00',
        porcentajeRetener: '10',
        valorRetenido: '1.50',
        codDocSustento: '01',
        numDocSustento: '001-001-000000004',
        fechaEmisionDocSustento: '2026-03-10',
      },
    ],
  },
  REC_TOTAL: '3.25',
  COBRO: { COB_CODIGO: 5, COB_VALOR: '3.25', facturas: [{ FAC_CODIGO: 12, FAC_NUMERO: '001-001-000000004', CFA_VALOR: '3.25' }] },
};

describe('la página de un documento recibido', { timeout: 30_000 }, () => {
  it('una retención de un cliente: sus retenciones y la factura a la que se aplicó como cobro; descarga XML y RIDE', async () => {
    routes.push(on('GET', '/api/recibidos/3', RETENCION));
    render(
      <Wrapper at="/recibidos/3/show">
        <RecibidoShow id={3} />
      </Wrapper>,
    );
    const retenciones = await screen.findByRole('table', { name: 'Retenciones' });
    const filas = within(retenciones).getAllByRole('row').slice(1);
    expect(filas[0]).toHaveTextContent(/^Renta312Factura 001-001-000000004 · 2026-03-10100\.001\.751\.75$/);
    expect(filas[1]).toHaveTextContent(/^IVA1Factura 001-001-000000004.*15\.00101\.50$/);
    expect(screen.getByText('03/2026')).toBeInTheDocument();
    const cobro = screen.getByRole('table', { name: 'Aplicada como cobro' });
    expect(within(cobro).getByRole('link', { name: '001-001-000000004' })).toHaveAttribute('href', '#/facturas/12/show');
    expect(screen.getByRole('link', { name: 'IMPORTADORA DEL PACIFICO IMPAC S.A.' })).toHaveAttribute('href', '#/clientes/41/show');
    expect(screen.queryByRole('link', { name: /^Retener/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Descargar XML' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'RIDE (PDF)' })).toBeInTheDocument();
  });

  it('una factura: impuestos, formas de pago y totales, «Retener»; eliminar pregunta y el 409 del servidor se dice', async () => {
    const FACTURA: RecibidoDetalle = {
      ...FILAS[0]!,
      REC_DATOS: {
        receptor: { tipoIdentificacion: '04', identificacion: '1790012345001', razonSocial: 'FERRETERIA EL TORNILLO' },
        impuestos: [{ codigo: '2', codigoPorcentaje: '4', tarifa: '15', baseImponible: '100.00', valor: '15.00' }],
        pagos: [{ formaPago: '20', total: '115.00', plazo: '30', unidadTiempo: 'dias' }],
      },
      COBRO: null,
    };
    routes.push(
      on('GET', '/api/recibidos/1', FACTURA),
      on('DELETE', '/api/recibidos/1', { msg: 'No se puede eliminar: tiene una retención emitida o un cobro aplicado' }, undefined, 409),
    );
    render(
      <Wrapper at="/recibidos/1/show">
        <RecibidoShow id={1} />
      </Wrapper>,
    );
    const impuestos = await screen.findByRole('table', { name: 'Impuestos' });
    expect(within(impuestos).getAllByRole('row')[1]).toHaveTextContent(/^IVA.*15.*100\.0015\.00$/);
    expect(screen.getByRole('table', { name: 'Formas de pago' })).toHaveTextContent(/30 días.*115\.00/);
    expect(screen.getByRole('link', { name: 'Retener 001-002-000000321' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('No se puede eliminar: tiene una retención emitida o un cobro aplicado')).toBeInTheDocument();
  });
});

describe('leerClaves', () => {
  it('toma cada número de 49 dígitos con su dígito verificador correcto, una vez, y cuenta aparte los errados', () => {
    const a = clave('000000001');
    const b = clave('000000002', '07');
    const errada = `${a.slice(0, 48)}${(Number(a[48]) + 1) % 10}`;
    expect(leerClaves(`${a};${b}\t${a}\r\n${errada} ${a}9 x`)).toEqual({ validas: [a, b], invalidas: 1, repetidas: 1 });
    expect(leerClaves('')).toEqual({ validas: [], invalidas: 0, repetidas: 0 });
  });
});
