import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { AdminContext } from 'react-admin';
import { createDataProvider } from '../../src/dataProvider/createDataProvider';
import { i18nProvider } from '../../src/i18n/provider';
import { hoyEcuador, sumarDias } from '../../domain/fechas';
import { PlanesTab } from '../../src/resources/empresas/PlanesTab';
import { ConsumoBar, consumoColor } from '../../src/resources/planesEmpresa/ConsumoBar';
import { PlanCard } from '../../src/company/PlanCard';
import type { Plan, PlanEmpresa, PlanesCombinados } from '../../server/modules/planes/contract';
import { stubFetch, type StubRoute } from '../helpers/fetch-stub';

/**
 * The plan screens with their real components and data provider; only HTTP is stubbed: `fetch` answers from the
 * routes below and records what was sent.
 */
const hoy = hoyEcuador();
const EMPRESA = 7;

const { routes, sent } = stubFetch();
/** A path of the administration's API as the tests name it: without its /api/EmpresasAmelia prefix. */
const ruta = (path: string) => path.replace('/api/EmpresasAmelia', '');

const get =
  (path: string, body: unknown, headers?: Record<string, string>): StubRoute =>
  (url, method) =>
    method === 'GET' && url.pathname === `/api/EmpresasAmelia${path}` ? { body, headers } : undefined;

function Wrapper({ children }: { children: ReactNode }) {
  return (
    <AdminContext dataProvider={createDataProvider('admin', () => 'token')} i18nProvider={i18nProvider}>
      {children}
    </AdminContext>
  );
}

/** A sold plan; the contract's literal unions are widened so that a fixture can set any class or state. */
function vendido(over: Record<string, unknown>): PlanEmpresa {
  return {
    PLANEMPRESA_ID: 1,
    EMP_CODIGO: EMPRESA,
    EMP_RUC: '1790012345001',
    EMP_NOMBRE: 'FERRETERIA EL CLAVO S.A.',
    PLAN_ID: 10,
    PLAN_NOMBRE: 'Básico 100',
    PLANEMPRESA_CLASE: 'E',
    PLANEMPRESA_TIPO: 'V',
    PLANEMPRESA_INICIO: sumarDias(hoy, -355),
    PLANEMPRESA_CADUCA: sumarDias(hoy, 10),
    PLANEMPRESA_COMPROBANTES: 100,
    PLANEMPRESA_USADOS: 40,
    PLANEMPRESA_PRECIO: '25.00',
    PLANEMPRESA_EXTENSION: null,
    PLANEMPRESA_OBSERVACION: null,
    PLANEMPRESA_FECHA: '2025-06-01T15:00:00.000Z',
    PAG_CODIGO: null,
    ADM_CODIGO: 1,
    VENDEDOR: 'Administrador',
    estado: 'por_vencer',
    activarDescargaPlan: false,
    activarEditarPlan: false,
    ...over,
  } as unknown as PlanEmpresa;
}

const catalogo = [
  { PLAN_ID: 10, PLAN_NOMBRE: 'Básico 100', PLAN_TIPO: 'V', PLAN_CLASE: 'E', PLAN_COMPROBANTES: 100, PLAN_DIAS: 365, PLAN_PRECIO: '25.00' },
  {
    PLAN_ID: 11,
    PLAN_NOMBRE: 'Pyme 1000',
    PLAN_TIPO: 'V',
    PLAN_CLASE: 'E',
    PLAN_COMPROBANTES: 1000,
    PLAN_DIAS: 365,
    PLAN_PRECIO: '120.00',
  },
].map((p) => ({ ...p, PLAN_IVA: '0.00', PLAN_TOTAL: '0.00', PLAN_DESCRIPCION: null, PLAN_ACTIVO: true, vendidos: 0 }) as unknown as Plan);

function companyRoutes(combinados: PlanesCombinados) {
  routes.push(
    get(`/empresas/planesCombinados/${EMPRESA}`, combinados),
    get('/empresas/planes', catalogo, { 'Content-Range': `planes 0-1/${catalogo.length}` }),
    get(`/empresas/pagos/${EMPRESA}`, [
      {
        PAG_CODIGO: 3,
        PAG_ORIGEN: 'admin',
        PAG_REFERENCIA: 'TRF-88',
        PAG_MONTO: '28.75',
        PAG_FECHAPAGO: hoy,
        PAG_FECHA: `${hoy}T12:00:00Z`,
      },
    ]),
  );
}

const acciones = (nombre: string, id: number) => screen.getByRole('group', { name: `Acciones del plan ${nombre} (N° ${id})` });
const actionNames = (group: HTMLElement) =>
  within(group)
    .queryAllByRole('button')
    .map((b) => b.textContent);

describe('pestaña Planes de la empresa', () => {
  it('muestra descargar y editar de un plan de imprenta exactamente según activarDescargaPlan y activarEditarPlan', async () => {
    companyRoutes({
      planes: [
        vendido({ PLANEMPRESA_ID: 1, PLANEMPRESA_USADOS: 40 }),
        vendido({
          PLANEMPRESA_ID: 2,
          PLAN_NOMBRE: 'Imprenta 2025',
          PLANEMPRESA_CLASE: 'I',
          PLANEMPRESA_CADUCA: sumarDias(hoy, 100),
          PLANEMPRESA_USADOS: 0,
          PLANEMPRESA_EXTENSION: 'pdf',
          estado: 'vigente',
          activarDescargaPlan: true,
          activarEditarPlan: false,
        }),
        vendido({
          PLANEMPRESA_ID: 3,
          PLAN_NOMBRE: 'Imprenta 2024',
          PLANEMPRESA_CLASE: 'I',
          PLANEMPRESA_CADUCA: hoy,
          PLANEMPRESA_USADOS: 0,
          PLANEMPRESA_EXTENSION: 'NULL',
          estado: 'por_vencer',
          activarDescargaPlan: false,
          activarEditarPlan: true,
        }),
      ],
      fallidas: ['O'],
    });
    render(
      <Wrapper>
        <PlanesTab empresa={EMPRESA} />
      </Wrapper>,
    );
    expect(await screen.findByText('Error en la consulta de planes: no se pudieron leer los planes de Orel')).toBeInTheDocument();

    // With a document, not yet expired: download, no edit.
    expect(actionNames(acciones('Imprenta 2025', 2))).toEqual(['Renovar', 'Descargar autorización', 'Eliminar']);
    // Without a document (the text NULL), expiring today: edit, no download (the document can be sent).
    expect(actionNames(acciones('Imprenta 2024', 3))).toEqual(['Editar', 'Subir autorización', 'Eliminar']);
    // An electronic plan is always editable; with documents used it cannot be deleted.
    expect(actionNames(acciones('Básico 100', 1))).toEqual(['Renovar', 'Editar']);
    expect(screen.getByText('40 de 100 comprobantes usados')).toBeInTheDocument();
    expect(screen.getAllByText('Por vencer')).toHaveLength(2);
  });

  it('vende un plan: inicio al día siguiente del vencimiento actual, precio del catálogo con IVA y total, y muestra el error del servidor', async () => {
    companyRoutes({ planes: [vendido({ PLANEMPRESA_CADUCA: sumarDias(hoy, 10) })], fallidas: [] });
    render(
      <Wrapper>
        <PlanesTab empresa={EMPRESA} />
      </Wrapper>,
    );
    await screen.findByText('Básico 100');
    fireEvent.click(screen.getByRole('button', { name: 'Vender plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Vender un plan' });
    expect(within(dialog).getByLabelText(/^Inicio/)).toHaveValue(sumarDias(hoy, 11));

    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /^Plan/ }));
    fireEvent.click(await screen.findByRole('option', { name: /Pyme 1000/ }));
    expect(within(dialog).getByLabelText(/^Precio/)).toHaveValue('120.00');
    expect(within(dialog).getByText('IVA 15 %: USD 18.00 · Total con IVA: USD 138.00')).toBeInTheDocument();
    expect(within(dialog).getByText(`Último día del plan: ${sumarDias(hoy, 11 + 364)}`)).toBeInTheDocument();

    fireEvent.change(within(dialog).getByLabelText(/^Precio/), { target: { value: '99.99' } });
    expect(within(dialog).getByText('IVA 15 %: USD 15.00 · Total con IVA: USD 114.99')).toBeInTheDocument();

    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /Pago de la empresa/ }));
    fireEvent.click(await screen.findByRole('option', { name: /TRF-88/ }));

    const overlap = `La empresa ya tiene un plan de ese tipo del ${hoy} al ${sumarDias(hoy, 10)}: las fechas no pueden cruzarse.`;
    routes.unshift((url, method) =>
      method === 'POST' && url.pathname.endsWith('/empresas/planes') ? { status: 409, body: { msg: overlap } } : undefined,
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Vender plan' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(overlap);
    expect(sent.find((s) => s.method === 'POST')).toMatchObject({
      method: 'POST',
      path: '/api/EmpresasAmelia/empresas/planes',
      body: {
        EMP_CODIGO: EMPRESA,
        PLAN_ID: 11,
        PLANEMPRESA_INICIO: sumarDias(hoy, 11),
        PLANEMPRESA_PRECIO: '99.99',
        PAG_CODIGO: 3,
        PLANEMPRESA_OBSERVACION: null,
      },
    });
  });

  it('renueva el plan vencido desde hoy, con el mismo plan elegido', async () => {
    companyRoutes({
      planes: [vendido({ PLANEMPRESA_CADUCA: sumarDias(hoy, -3), estado: 'vencido' })],
      fallidas: [],
    });
    render(
      <Wrapper>
        <PlanesTab empresa={EMPRESA} />
      </Wrapper>,
    );
    await screen.findByText('Vencido');
    fireEvent.click(within(acciones('Básico 100', 1)).getByRole('button', { name: 'Renovar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Renovar el plan' });
    expect(within(dialog).getByLabelText(/^Inicio/)).toHaveValue(hoy);
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: /^Plan/ })).toHaveTextContent(/Básico 100/));
    expect(within(dialog).getByText('IVA 15 %: USD 3.75 · Total con IVA: USD 28.75')).toBeInTheDocument();
  });
});

describe('barra de consumo', () => {
  it('es de advertencia desde el 90 % y de error con el plan agotado o vencido', () => {
    expect(consumoColor(10, 100, 'vigente')).toBe('primary');
    expect(consumoColor(89, 100, 'vigente')).toBe('primary');
    expect(consumoColor(90, 100, 'por_vencer')).toBe('warning');
    expect(consumoColor(100, 100, 'agotado')).toBe('error');
    expect(consumoColor(5, 100, 'vencido')).toBe('error');

    render(
      <Wrapper>
        <ConsumoBar usados={95} comprobantes={100} estado="vigente" />
      </Wrapper>,
    );
    const bar = screen.getByRole('progressbar', { name: '95 de 100 comprobantes usados' });
    expect(bar).toHaveAttribute('aria-valuenow', '95');
    expect(bar.className).toMatch(/MuiLinearProgress-colorWarning/);
  });
});

describe('tarjeta del plan en el inicio de la empresa', () => {
  it('dice "Sin plan contratado" y el aviso cuando la empresa no tiene plan', async () => {
    routes.push(get('/miEmpresa/plan', { plan: null, aviso: { activar: true, mensaje: 'Su empresa no tiene un plan contratado.' } }));
    render(
      <Wrapper>
        <PlanCard />
      </Wrapper>,
    );
    expect(await screen.findByText('Sin plan contratado')).toBeInTheDocument();
    expect(screen.getByText('Su empresa no tiene un plan contratado.')).toBeInTheDocument();
  });

  it('muestra el plan, sus fechas, su estado y el consumo en rojo cuando está agotado', async () => {
    const plan = vendido({ PLANEMPRESA_USADOS: 100, estado: 'agotado' });
    routes.push(get('/miEmpresa/plan', { plan, aviso: { activar: true, mensaje: 'Su plan llegó a su límite de 100 comprobantes.' } }));
    render(
      <Wrapper>
        <PlanCard />
      </Wrapper>,
    );
    expect(await screen.findByText('Básico 100')).toBeInTheDocument();
    expect(screen.getByText(`Del ${plan.PLANEMPRESA_INICIO} al ${plan.PLANEMPRESA_CADUCA}`)).toBeInTheDocument();
    expect(screen.getByText('Agotado')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: '100 de 100 comprobantes usados' }).className).toMatch(/colorError/);
    expect(screen.getByText('Su plan llegó a su límite de 100 comprobantes.')).toBeInTheDocument();
  });
});

describe('catálogo en el proveedor de datos', () => {
  it('lee en /empresas/planes y escribe en /empresas/planes/catalogo; al eliminar entrega el mensaje del servidor', async () => {
    routes.push((url, method) =>
      url.pathname.startsWith('/api/EmpresasAmelia/empresas/planes/catalogo')
        ? { status: method === 'POST' ? 201 : 200, body: method === 'DELETE' ? { msg: 'Plan retirado.' } : catalogo[0] }
        : undefined,
    );
    const dp = createDataProvider('admin', () => 'token');
    await dp.create('planes', { data: { PLAN_NOMBRE: 'Básico 100' } });
    await dp.update('planes', { id: 10, data: { PLAN_NOMBRE: 'Básico 100' }, previousData: { id: 10 } });
    const { data } = await dp.delete('planes', { id: 10, previousData: { id: 10 } });
    expect(sent.map((s) => `${s.method} ${ruta(s.path)}`)).toEqual([
      'POST /empresas/planes/catalogo',
      'PUT /empresas/planes/catalogo/10',
      'DELETE /empresas/planes/catalogo/10',
    ]);
    expect(data).toEqual({ id: 10, msg: 'Plan retirado.' });
  });
});
