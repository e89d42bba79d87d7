import { useTranslate } from 'react-admin';

/** The two areas as a select's choices, labelled in Spanish. */
export function useAreaChoices() {
  const translate = useTranslate();
  return [
    { id: 'admin', name: translate('resources.menus.area_admin') },
    { id: 'empresa', name: translate('resources.menus.area_empresa') },
  ];
}

/** The catalogue's formats (domain/contratos/menus.ts checks them too). */
export const RUTA = /^([a-zA-Z0-9-]+(\/[a-zA-Z0-9-]+)*)?$/;
export const PERMISO = /^[a-zA-Z0-9-]*$/;
export const ICONO = /^[a-zA-Z0-9_-]+$/;
