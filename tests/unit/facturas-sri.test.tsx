import { describe, expect, it, vi } from 'vitest';
import { on, stubFetch, type StubRoute } from '../helpers/fetch-stub';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { AdminContext, ResourceContextProvider } from 'react-admin';
import { MemoryRouter, Route, Routes } from 'react-router';
import { createDataProvider } from '../../src/dataProvider/createDataProvider';
import { i18nProvider } from '../../src/i18n/provider';
import { FacturaList } from '../../src/resources/facturas/FacturaList';
import { FacturaShow } from '../../src/resources/facturas/FacturaShow';
import { FacturaEdit } from '../../src/resources/facturas/FacturaForm';
import { EntregaIcono, EstadoFacturaChip } from '../../src/resources/facturas/piezas';
import { FacturasCard } from '../../src/company/FacturasCard';
import type { FacturaDetalle, FacturasEstados } from '../../server/modules/facturas/contract';

/**
 * The invoices' SRI states on the screens, with their real components and the company's data provider; only HTTP is
 * stubbed: `fetch` answers from the routes below (the contract's shapes) and records what was sent.
 */
const { routes, sent } = stubFetch();

function Wrapper({ children, at = '/' }: { children: ReactNode; at?: string }) {
  return (
    <MemoryRouter initialEntries={[at]}>
      <AdminContext dataProvider={createDataProvider('empresa', () => 'token')} i18nProvider={i18nProvider}>
        <ResourceContextProvider value="facturas">{children}</ResourceContextProvider>
      </AdminContext>
    </MemoryRouter>
  );
}

const ESTADOS: FacturasEstados = {
  estados: { AUTORIZADA: 5, FIRMADA: 1, RECIBIDA: 1, DEVUELTA: 1 },
  pendientes: 2,
  autorizadas: 5,
  devueltas: 1,
  sinRespuesta: 0,
  correosFallidos: 0,
};

const FILA = {
  FAC_CODIGO: 12,
  FAC_ESTADO: 'AUTORIZADA',
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
  FAC_IVA: '7.50',
  FAC_TOTAL: '57.50',
  FAC_ENTREGA: 'ENVIADA',
};

const DETALLE: FacturaDetalle = {
  ...FILA,
  CLI_TIPO_IDENTIFICACION: '04',
  EST_DIRECCION: 'Av. Amazonas N34-12, Quito',
  FAC_SECUENCIAL: 4,
  FAC_AMBIENTE: 1,
  FAC_DESCUENTO: '0.00',
  FAC_PROPINA: '0.00',
  FAC_ADICIONAL: [],
  FAC_AUTORIZACION: null,
  FAC_FECHA_AUTORIZACION: null,
  FAC_RECIBIDA: null,
  FAC_SRI_MENSAJES: [],
  FAC_ENTREGA: null,
  FAC_ENTREGA_FECHA: null,
  FAC_ENTREGA_DETALLE: null,
  FAC_ANULACION_MOTIVO: null,
  FAC_ANULACION_FECHA: null,
  cola: null,
  FAC_CREADO: '2026-03-15T15:00:00.000Z',
  FAC_ACTUALIZADO: '2026-03-15T15:01:00.000Z',
  lineas: [
    {
      FDE_PRINCIPAL: 'CEM-50',
      FDE_DESCRIPCION: 'Cemento Holcim 50 kg',
      FDE_CANTIDAD: '5.000000',
      FDE_PRECIO: '10.000000',
      FDE_DESCUENTO: '0.00',
      FDE_IVA: '4',
      FDE_SUBTOTAL: '50.00',
    },
  ],
  pagos: [{ FPA_FORMA: '01', FPA_TOTAL: '57.50' }],
  subtotalesIva: [{ codigoPorcentaje: '4', nombre: 'IVA 15 %', tarifa: '15', baseImponible: '50.00', valor: '7.50' }],
};

const AUTORIZADA: FacturaDetalle = {
  ...DETALLE,
  FAC_ESTADO: 'AUTORIZADA',
  FAC_AUTORIZACION: '1503202601179206034600110010010000000041234567819',
  FAC_FECHA_AUTORIZACION: '2026-03-15T15:32:10.000Z',
  FAC_ENTREGA: 'ENVIADA',
  FAC_ENTREGA_FECHA: '2026-03-15T15:32:40.000Z',
  FAC_ENTREGA_DETALLE: 'compras@impac.ec',
};

const DEVUELTA: FacturaDetalle = {
  ...DETALLE,
  FAC_ESTADO: 'DEVUELTA',
  FAC_SRI_MENSAJES: [
    {
      identificador: '65',
      mensaje: 'FECHA EMISIÓN EXTEMPORANEA',
      informacionAdicional: 'La fecha de emisión está fuera del plazo de tolerancia',
      tipo: 'ERROR',
      ayuda: 'Cambie la fecha de emisión a la de hoy y vuelva a enviarla.',
    },
  ],
};

function mostrar(detalle: FacturaDetalle, extra: StubRoute[] = []) {
  routes.push(
    on('GET', '/api/facturas/12', () => detalle),
    ...extra,
  );
  return render(
    <Wrapper at="/facturas/12/show">
      <Routes>
        <Route path="/facturas/:id/show" element={<FacturaShow id={12} />} />
        <Route path="/facturas/:id" element={<p>Formulario de corrección</p>} />
      </Routes>
    </Wrapper>,
  );
}
const panel = () => screen.findByRole('region', { name: 'Estado en el SRI' });

describe('el estado de una factura en el SRI', { timeout: 30_000 }, () => {
  it('cada estado con su nombre en español; los que esperan al SRI giran; el correo como icono con su explicación', () => {
    const nombres: Record<string, string> = {
      BORRADOR: 'Borrador',
      FIRMADA: 'Firmada',
      ENVIADA: 'Enviada',
      RECIBIDA: 'Recibida',
      DEVUELTA: 'Devuelta',
      AUTORIZADA: 'Autorizada',
      RECHAZADA: 'No autorizada',
      ANULADA: 'Anulada',
      SIN_RESPUESTA: 'Sin respuesta del SRI',
    };
    render(
      <Wrapper>
        {Object.keys(nombres).map((estado) => (
          <EstadoFacturaChip key={estado} estado={estado} />
        ))}
        <EntregaIcono entrega="ENVIADA" />
        <EntregaIcono entrega="SIN_CORREO" />
        <EntregaIcono entrega="FALLIDA" />
      </Wrapper>,
    );
    for (const [estado, nombre] of Object.entries(nombres)) {
      const chip = document.querySelector(`[data-estado="${estado}"]`)!;
      expect(chip).toHaveTextContent(nombre);
      // Waiting for the SRI: a spinner in the chip; the others none.
      expect(Boolean(chip.querySelector('[role="progressbar"]'))).toBe(['FIRMADA', 'ENVIADA', 'RECIBIDA'].includes(estado));
    }
    expect(screen.getByRole('img', { name: 'Correo enviado al comprador' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Sin correo: el comprador no tiene correo electrónico' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'El envío del correo falló' })).toBeInTheDocument();
  });
});

describe('la lista: conteos por estado', { timeout: 30_000 }, () => {
  it('muestra Pendientes, Autorizadas y Devueltas; cada uno filtra la lista y un segundo clic quita el filtro', async () => {
    routes.push(
      on('GET', '/api/facturas/estados', ESTADOS),
      on('GET', '/api/facturas/puntos', []),
      on('GET', '/api/facturas', [FILA, { ...FILA, FAC_CODIGO: 13, FAC_NUMERO: '001-001-000000005', FAC_ENTREGA: 'FALLIDA' }], {
        'Content-Range': 'facturas 0-1/2',
      }),
      on('GET', '/api/facturas/totales', { cantidad: 2, subtotal: '100.00', iva: '7.66', total: '107.66' }),
    );
    render(
      <Wrapper at="/facturas">
        <FacturaList />
      </Wrapper>,
    );
    const conteos = await screen.findByRole('navigation', { name: 'Estado de las facturas' });
    await waitFor(() => expect(conteos).toHaveTextContent('Pendientes 2Autorizadas 5Devueltas 1'));
    // No failed email: no chip for it.
    expect(within(conteos).queryByText(/Correos fallidos/)).not.toBeInTheDocument();
    // Each authorized row says what happened to its email.
    expect(await screen.findByRole('img', { name: 'Correo enviado al comprador' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'El envío del correo falló' })).toBeInTheDocument();

    const listas = () => sent.filter((r) => r.path === '/api/facturas').map((r) => JSON.parse(r.url.searchParams.get('filter')!));
    fireEvent.click(within(conteos).getByRole('button', { name: /Devueltas/ }));
    await waitFor(() => expect(listas().at(-1)).toEqual({ FAC_ESTADO: ['DEVUELTA', 'RECHAZADA'] }));
    expect(within(conteos).getByRole('button', { name: /Devueltas/ })).toHaveAttribute('aria-pressed', 'true');
    // The totals follow the same filter.
    await waitFor(() =>
      expect(
        JSON.parse(
          sent
            .filter((r) => r.path === '/api/facturas/totales')
            .at(-1)!
            .url.searchParams.get('filter')!,
        ),
      ).toEqual({
        FAC_ESTADO: ['DEVUELTA', 'RECHAZADA'],
      }),
    );

    fireEvent.click(within(conteos).getByRole('button', { name: /Pendientes/ }));
    await waitFor(() => expect(listas().at(-1)).toEqual({ FAC_ESTADO: ['FIRMADA', 'ENVIADA', 'RECIBIDA'] }));
    fireEvent.click(within(conteos).getByRole('button', { name: /Pendientes/ }));
    await waitFor(() => expect(listas().at(-1)).toEqual({}));
  });

  it('con facturas sin respuesta del SRI aparece su conteo, que filtra la lista por ese estado', async () => {
    routes.push(
      on('GET', '/api/facturas/estados', { ...ESTADOS, estados: { ...ESTADOS.estados, SIN_RESPUESTA: 2 }, sinRespuesta: 2 }),
      on('GET', '/api/facturas/puntos', []),
      on('GET', '/api/facturas', [{ ...FILA, FAC_ESTADO: 'SIN_RESPUESTA', FAC_ENTREGA: null }], { 'Content-Range': 'facturas 0-0/1' }),
      on('GET', '/api/facturas/totales', { cantidad: 1, subtotal: '50.00', iva: '7.50', total: '57.50' }),
    );
    render(
      <Wrapper at="/facturas">
        <FacturaList />
      </Wrapper>,
    );
    const conteos = await screen.findByRole('navigation', { name: 'Estado de las facturas' });
    await waitFor(() => expect(conteos).toHaveTextContent('Pendientes 2Autorizadas 5Devueltas 1Sin respuesta del SRI 2'));
    expect(await screen.findByText('Sin respuesta del SRI', { selector: '[data-estado] *' })).toBeInTheDocument();
    fireEvent.click(within(conteos).getByRole('button', { name: /Sin respuesta del SRI/ }));
    await waitFor(() =>
      expect(
        JSON.parse(
          sent
            .filter((r) => r.path === '/api/facturas')
            .at(-1)!
            .url.searchParams.get('filter')!,
        ),
      ).toEqual({ FAC_ESTADO: ['SIN_RESPUESTA'] }),
    );
  });

  it('con correos fallidos aparece su conteo, que filtra por la entrega; mientras hay pendientes se vuelve a preguntar y, al cambiar, se relee la lista', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let respuestas = 0;
    routes.push(
      on('GET', '/api/facturas/estados', () =>
        ++respuestas === 1 ? { ...ESTADOS, correosFallidos: 3 } : { ...ESTADOS, pendientes: 0, autorizadas: 7, correosFallidos: 3 },
      ),
      on('GET', '/api/facturas/puntos', []),
      on('GET', '/api/facturas', [FILA], { 'Content-Range': 'facturas 0-0/1' }),
      on('GET', '/api/facturas/totales', { cantidad: 1, subtotal: '50.00', iva: '3.83', total: '53.83' }),
    );
    render(
      <Wrapper at="/facturas">
        <FacturaList />
      </Wrapper>,
    );
    const conteos = await screen.findByRole('navigation', { name: 'Estado de las facturas' });
    await waitFor(() => expect(conteos).toHaveTextContent('Correos fallidos 3'));
    fireEvent.click(within(conteos).getByRole('button', { name: /Correos fallidos/ }));
    await waitFor(() =>
      expect(
        JSON.parse(
          sent
            .filter((r) => r.path === '/api/facturas')
            .at(-1)!
            .url.searchParams.get('filter')!,
        ),
      ).toEqual({
        FAC_ENTREGA: 'FALLIDA',
      }),
    );
    const lecturas = sent.filter((r) => r.path === '/api/facturas').length;
    // Two pending: the counts are asked again about 3 s later; they changed, so the page is read again.
    await vi.advanceTimersByTimeAsync(3100);
    await waitFor(() => expect(conteos).toHaveTextContent('Pendientes 0Autorizadas 7'));
    await waitFor(() => expect(sent.filter((r) => r.path === '/api/facturas').length).toBeGreaterThan(lecturas));
    // Nothing pending any more: no more questions.
    const preguntas = respuestas;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(respuestas).toBe(preguntas);
  });
});

describe('la página de la factura según su estado', { timeout: 30_000 }, () => {
  it('pendiente: «Enviando al SRI…» con el próximo intento y el último error; se vuelve a leer hasta que el SRI responde', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let lecturas = 0;
    const firmada: FacturaDetalle = {
      ...DETALLE,
      FAC_ESTADO: 'FIRMADA',
      FAC_ENTREGA: null,
      cola: { paso: 'ENVIAR', intentos: 2, proximo: '2026-03-15T15:40:05.000Z', error: 'El SRI no responde (tiempo agotado).' },
    };
    routes.push(
      on('GET', '/api/facturas/12', () => (++lecturas < 3 ? firmada : AUTORIZADA)),
      on('GET', '/api/clientes/41', { CLI_CODIGO: 41, CLI_CORREOS: ['compras@impac.ec'] }),
    );
    render(
      <Wrapper at="/facturas/12/show">
        <Routes>
          <Route path="/facturas/:id/show" element={<FacturaShow id={12} />} />
        </Routes>
      </Wrapper>,
    );
    const sri = await panel();
    expect(sri).toHaveTextContent('Enviando al SRI…');
    expect(sri).toHaveTextContent('Envío al SRI · Intento 2 · Próximo intento: 2026-03-15 10:40');
    expect(sri).toHaveTextContent('Último error: El SRI no responde (tiempo agotado).');
    // Pending: read again every 2 s until authorized, then no more.
    await vi.advanceTimersByTimeAsync(4200);
    await waitFor(async () => expect(await panel()).toHaveTextContent('Autorizada por el SRI'));
    const hechas = lecturas;
    await vi.advanceTimersByTimeAsync(6000);
    expect(lecturas).toBe(hechas);
  });

  it('devuelta: los mensajes del SRI con qué hacer, Corregir abre el formulario y Volver a enviar la emite otra vez', async () => {
    let actual = DEVUELTA;
    mostrar(DEVUELTA, [
      (url, m) => {
        if (m !== 'POST' || url.pathname !== '/api/facturas/12/emitir') return undefined;
        actual = { ...DEVUELTA, FAC_ESTADO: 'FIRMADA', FAC_SRI_MENSAJES: [] };
        return { body: actual };
      },
    ]);
    routes.unshift(on('GET', '/api/facturas/12', () => actual));
    const sri = await panel();
    expect(sri).toHaveTextContent('El SRI devolvió la factura');
    const mensaje = within(sri).getByRole('list', { name: 'Lo que dice el SRI' });
    expect(mensaje).toHaveTextContent('Qué hacer: Cambie la fecha de emisión a la de hoy y vuelva a enviarla.');
    expect(mensaje).toHaveTextContent('FECHA EMISIÓN EXTEMPORANEA · Código 65');
    expect(mensaje).toHaveTextContent('La fecha de emisión está fuera del plazo de tolerancia');
    expect(within(sri).getByRole('link', { name: 'Corregir' }).getAttribute('href')).toMatch(/\/facturas\/12$/);

    fireEvent.click(within(sri).getByRole('button', { name: 'Volver a enviar' }));
    const confirmar = await screen.findByRole('dialog');
    expect(confirmar).toHaveTextContent('¿Volver a enviar la factura al SRI?');
    fireEvent.click(within(confirmar).getByRole('button', { name: 'Volver a enviar' }));
    await waitFor(() => expect(sent.some((r) => r.method === 'POST' && r.path === '/api/facturas/12/emitir')).toBe(true));
    await waitFor(async () => expect(await panel()).toHaveTextContent('Enviando al SRI…'));
  });

  it('no autorizada: lo dice y muestra los mensajes del SRI aunque no sepamos qué aconsejar', async () => {
    mostrar({
      ...DETALLE,
      FAC_ESTADO: 'RECHAZADA',
      FAC_SRI_MENSAJES: [{ identificador: '39', mensaje: 'FIRMA INVALIDA', informacionAdicional: null, tipo: 'ERROR', ayuda: null }],
    });
    const sri = await panel();
    expect(sri).toHaveTextContent('El SRI no autorizó la factura');
    expect(sri).toHaveTextContent('FIRMA INVALIDA · Código 39');
    expect(sri).not.toHaveTextContent('Qué hacer');
    expect(within(sri).getByRole('button', { name: 'Volver a enviar' })).toBeInTheDocument();
  });

  it('sin respuesta del SRI: qué hacer en el portal con la clave de acceso, y Consultar de nuevo la vuelve a poner en espera', async () => {
    const sinRespuesta: FacturaDetalle = {
      ...DETALLE,
      FAC_ESTADO: 'SIN_RESPUESTA',
      FAC_ENTREGA: null,
      FAC_RECIBIDA: '2026-03-15T15:01:10.000Z',
    };
    let actual = sinRespuesta;
    mostrar(sinRespuesta, [
      (url, m) => {
        if (m !== 'POST' || url.pathname !== '/api/facturas/12/consultar') return undefined;
        actual = {
          ...sinRespuesta,
          FAC_ESTADO: 'RECIBIDA',
          cola: { paso: 'AUTORIZAR', intentos: 0, proximo: '2026-03-16T15:00:00.000Z', error: null },
        };
        return { body: actual };
      },
    ]);
    routes.unshift(on('GET', '/api/facturas/12', () => actual));
    const sri = await panel();
    expect(sri).toHaveTextContent('El SRI no ha autorizado la factura');
    expect(sri).toHaveTextContent('El SRI la recibió el 2026-03-15 10:01 y, pasadas 24 horas, no informa su autorización');
    expect(sri).toHaveTextContent('Busque la factura por su clave de acceso en el portal SRI en línea');
    expect(sri).toHaveTextContent(`Clave de acceso${DETALLE.FAC_CLAVE_ACCESO}`);
    // Nothing that presumes an authorization, nor a correction: the SRI may still authorize it.
    expect(within(sri).queryByRole('button', { name: 'Volver a enviar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'XML autorizado' })).not.toBeInTheDocument();

    fireEvent.click(within(sri).getByRole('button', { name: 'Consultar de nuevo' }));
    await waitFor(() => expect(sent.some((r) => r.method === 'POST' && r.path === '/api/facturas/12/consultar')).toBe(true));
    await waitFor(async () => expect(await panel()).toHaveTextContent('Esperando la autorización del SRI…'));
  });

  it('autorizada: número y fecha de autorización, el correo enviado, reenviarlo a otra dirección y las tres descargas', async () => {
    mostrar(AUTORIZADA, [
      on('GET', '/api/clientes/41', { CLI_CODIGO: 41, CLI_CORREOS: ['compras@impac.ec', 'pagos@impac.ec'] }),
      on('POST', '/api/facturas/12/correo', { msg: 'ok' }),
    ]);
    const sri = await panel();
    expect(sri).toHaveTextContent('Autorizada por el SRI');
    expect(sri.querySelector('[data-autorizacion]')).toHaveTextContent(AUTORIZADA.FAC_AUTORIZACION!);
    expect(sri).toHaveTextContent('Fecha de autorización2026-03-15 10:32');
    const correo = within(sri).getByRole('region', { name: 'Correo al comprador' });
    expect(correo).toHaveTextContent('Enviado a compras@impac.ec el 2026-03-15 10:32');
    for (const nombre of ['RIDE (PDF)', 'XML firmado', 'XML autorizado', 'Marcar como anulada'])
      expect(screen.getByRole('button', { name: nombre })).toBeInTheDocument();

    fireEvent.click(within(correo).getByRole('button', { name: 'Enviar por correo' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Enviar la factura por correo' });
    await waitFor(() => expect(dialogo).toHaveTextContent('compras@impac.ec, pagos@impac.ec'));
    fireEvent.change(within(dialogo).getByLabelText('Otra dirección (opcional)'), { target: { value: ' contador@impac.ec ' } });
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(sent.find((r) => r.path === '/api/facturas/12/correo')?.body).toEqual({ para: 'contador@impac.ec' }));
  });

  it('autorizada con el correo fallido: dice por qué; y el rechazo del servidor al reenviar queda en el diálogo', async () => {
    mostrar({ ...AUTORIZADA, FAC_ENTREGA: 'FALLIDA', FAC_ENTREGA_DETALLE: 'El servidor de correo rechazó la dirección' }, [
      on('GET', '/api/clientes/41', { CLI_CODIGO: 41, CLI_CORREOS: [] }),
      on('POST', '/api/facturas/12/correo', { msg: 'El comprador no tiene correo electrónico: escriba a quién enviarla.' }, {}, 400),
    ]);
    const correo = within(await panel()).getByRole('region', { name: 'Correo al comprador' });
    expect(correo).toHaveTextContent('Falló: El servidor de correo rechazó la dirección');
    fireEvent.click(within(correo).getByRole('button', { name: 'Enviar por correo' }));
    const dialogo = await screen.findByRole('dialog');
    await waitFor(() => expect(dialogo).toHaveTextContent('El comprador no tiene correo: escriba a quién enviarla.'));
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Enviar' }));
    expect(await within(dialogo).findByText('El comprador no tiene correo electrónico: escriba a quién enviarla.')).toBeInTheDocument();
    expect(sent.find((r) => r.path === '/api/facturas/12/correo')?.body).toEqual({});
  });

  it('marcar como anulada explica el portal del SRI y exige el motivo; anulada muestra el aviso con motivo y fecha', async () => {
    let actual = AUTORIZADA;
    mostrar(AUTORIZADA, [
      (url, m) => {
        if (m !== 'POST' || url.pathname !== '/api/facturas/12/anular') return undefined;
        actual = {
          ...AUTORIZADA,
          FAC_ESTADO: 'ANULADA',
          FAC_ANULACION_MOTIVO: 'Error en el precio',
          FAC_ANULACION_FECHA: '2026-03-16T14:05:00.000Z',
        };
        return { body: actual };
      },
    ]);
    routes.unshift(on('GET', '/api/facturas/12', () => actual));
    await panel();
    fireEvent.click(screen.getByRole('button', { name: 'Marcar como anulada' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Marcar la factura como anulada' });
    expect(dialogo).toHaveTextContent('Primero anule la factura en el portal SRI en línea');
    // Without a reason: said, and nothing sent.
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Marcar como anulada' }));
    expect(await within(dialogo).findByText('Escriba por qué se anuló la factura.')).toBeInTheDocument();
    fireEvent.change(within(dialogo).getByLabelText(/Motivo de la anulación/), { target: { value: '   ' } });
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Marcar como anulada' }));
    expect(sent.some((r) => r.path === '/api/facturas/12/anular')).toBe(false);

    fireEvent.change(within(dialogo).getByLabelText(/Motivo de la anulación/), { target: { value: 'Error en el precio' } });
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Marcar como anulada' }));
    await waitFor(() => expect(sent.find((r) => r.path === '/api/facturas/12/anular')?.body).toEqual({ motivo: 'Error en el precio' }));
    await waitFor(async () => expect((await panel()).querySelector('[data-anulada]')).toBeInTheDocument());
    const sri = await panel();
    expect(sri).toHaveTextContent('Anulada');
    expect(sri).toHaveTextContent('anulada en el portal del SRI el 2026-03-16 09:05');
    expect(sri).toHaveTextContent('Motivo: Error en el precio');
    // Still downloadable; no longer annullable.
    expect(screen.getByRole('button', { name: 'XML autorizado' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Marcar como anulada' })).not.toBeInTheDocument();
  });
});

describe('corregir una factura devuelta', { timeout: 30_000 }, () => {
  it('el formulario se abre con los mensajes del SRI y el número que conserva, y guarda con PUT', async () => {
    routes.push(
      on('GET', '/api/facturas/12', DEVUELTA),
      on('GET', '/api/facturas/puntos', [
        {
          PEM_CODIGO: 3,
          PEM_NUMERO: '001',
          PEM_NOMBRE: 'Caja',
          EST_CODIGO: 2,
          EST_NUMERO: '001',
          EST_NOMBRE: 'Matriz',
          EST_DIRECCION: 'Quito',
          serie: '001-001',
          siguiente: 9,
        },
      ]),
      on('GET', '/api/clientes/41', {
        CLI_CODIGO: 41,
        CLI_TIPO_IDENTIFICACION: '04',
        CLI_IDENTIFICACION: '1791251237001',
        CLI_RAZON_SOCIAL: 'IMPAC',
      }),
      on('GET', '/api/clientes', [], { 'Content-Range': 'clientes 0-0/0' }),
      on('GET', '/api/catalogo', [], { 'Content-Range': 'catalogo 0-0/0' }),
      on('PUT', '/api/facturas/12', DEVUELTA),
    );
    render(
      <Wrapper at="/facturas/12">
        <Routes>
          <Route path="/facturas/:id" element={<FacturaEdit id={12} />} />
          <Route path="/facturas/:id/show" element={<p>Página de la factura</p>} />
        </Routes>
      </Wrapper>,
    );
    const aviso = await screen.findByText(/conserva su número 001-001-000000004/);
    expect(aviso.closest('[data-correccion]')).toHaveTextContent('Qué hacer: Cambie la fecha de emisión a la de hoy');
    await waitFor(() => expect(screen.getByText('Conserva su número: 001-001-000000004')).toBeInTheDocument());
    // The SRI's advice: today's date.
    fireEvent.change(screen.getByLabelText('Fecha'), { target: { value: '2026-03-16' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar corrección' }));
    await waitFor(() => expect(sent.some((r) => r.method === 'PUT' && r.path === '/api/facturas/12')).toBe(true));
    expect(sent.find((r) => r.method === 'PUT')!.body).toMatchObject({
      PEM_CODIGO: 3,
      CLI_CODIGO: 41,
      importeTotal: '57.50',
      FAC_FECHA: '2026-03-16',
    });
  });
});

describe('la tarjeta de facturas del inicio', { timeout: 30_000 }, () => {
  it('lo que requiere atención, cada cosa un enlace a la lista filtrada, y lo autorizado este mes', async () => {
    routes.push(
      on('GET', '/api/facturas/estados', { ...ESTADOS, pendientes: 0, sinRespuesta: 1, correosFallidos: 1 }),
      on('GET', '/api/facturas/totales', { cantidad: 1234, subtotal: '10000.00', iva: '1500.00', total: '11500.5' }),
    );
    render(
      <Wrapper>
        <FacturasCard />
      </Wrapper>,
    );
    const lista = await screen.findByRole('list', { name: 'Facturas que requieren atención' });
    const enlaces = within(lista).getAllByRole('link');
    expect(enlaces.map((a) => a.textContent)).toEqual([
      '1para corregirDevueltas o no autorizadas por el SRI',
      '1sin respuesta del SRIConsúltelas en el portal del SRI',
      '1correo fallidoNo llegaron al comprador',
    ]);
    const filtro = (a: HTMLElement) => JSON.parse(new URL(a.getAttribute('href')!, 'http://x').searchParams.get('filter')!);
    expect(filtro(enlaces[0])).toEqual({ FAC_ESTADO: ['DEVUELTA', 'RECHAZADA'] });
    expect(filtro(enlaces[1])).toEqual({ FAC_ESTADO: ['SIN_RESPUESTA'] });
    expect(filtro(enlaces[2])).toEqual({ FAC_ENTREGA: 'FALLIDA' });
    await waitFor(() => expect(document.querySelector('[data-mes]')).toHaveTextContent('1 234 facturas · $ 11 500.50'));
    const pedido = JSON.parse(sent.find((r) => r.path === '/api/facturas/totales')!.url.searchParams.get('filter')!);
    expect(pedido.FAC_ESTADO).toEqual(['AUTORIZADA']);
    expect(pedido.desde).toMatch(/^\d{4}-\d{2}-01$/);
  });

  it('sin nada pendiente lo dice', async () => {
    routes.push(
      on('GET', '/api/facturas/estados', {
        estados: { AUTORIZADA: 3 },
        pendientes: 0,
        autorizadas: 3,
        devueltas: 0,
        sinRespuesta: 0,
        correosFallidos: 0,
      }),
      on('GET', '/api/facturas/totales', { cantidad: 3, subtotal: '30.00', iva: '4.50', total: '34.50' }),
    );
    render(
      <Wrapper>
        <FacturasCard />
      </Wrapper>,
    );
    expect(await screen.findByText('Nada pendiente: las facturas emitidas están autorizadas.')).toBeInTheDocument();
  });
});
