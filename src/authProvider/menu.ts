import type { MenuItem } from '../../domain/contratos/menus';
import { api } from '../http/client';

/** An entry of an area's sidebar as the server defines it. */
export type MenuEntry = MenuItem;

export const companyMenu = (user: { EMP_RUC: string; token: string }) =>
  api<MenuEntry[]>('/menuEmpresa', { method: 'POST', body: { ruc: user.EMP_RUC }, token: user.token });

export const adminMenu = (user: { ADM_CODIGO: number; token: string }) =>
  api<MenuEntry[]>('/menus/menuAdmin', { method: 'POST', body: { id: user.ADM_CODIGO }, token: user.token });
