import { adminSession, companySession } from '../authProvider/session';
import { createDataProvider } from './createDataProvider';

export const companyDataProvider = createDataProvider(
  () => companySession.get()?.token,
  {},
  (call) => call('/menuEmpresa', { method: 'POST', body: { ruc: companySession.get()?.EMP_RUC } }),
);

export const adminDataProvider = createDataProvider(
  () => adminSession.get()?.token,
  {
    configuraciones: { path: 'configuraciones', key: 'CON_CODIGO', wholeList: true, updatePath: 'configuraciones/actualizar' },
    ingresos: { path: 'ingresosDistribuidor', key: 'ING_CODIGO' },
    soporte: { path: 'soporte', key: 'SPT_ID' },
    productos: { path: 'productos', key: 'PROD_ID', listQuery: { all: '1' } },
    asesor: { path: 'asesor', key: 'ASE_CODIGO' },
  },
  (call) => call('/menus/menuAdmin', { method: 'POST', body: { id: adminSession.get()?.ADM_CODIGO } }),
);
