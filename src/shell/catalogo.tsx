import type { ReactNode } from 'react';
import { CreateButton, FilterButton, TopToolbar, useCanAccess, useTranslate } from 'react-admin';
import Chip from '@mui/material/Chip';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';

/**
 * What the back office's catalogue lists (advisers, banks, plans...) share: the toolbar, the state chip and the phone
 * breakpoint where the table becomes a simple list.
 */

/** Filters, and Crear (with the resource's other creating actions, `children`: Importar) only for whom the menu lets create in this resource. */
export function CatalogoAcciones({ resource, children }: { resource: string; children?: ReactNode }) {
  const { canAccess } = useCanAccess({ resource, action: 'create' });
  return (
    <TopToolbar>
      <FilterButton />
      {canAccess && <CreateButton />}
      {canAccess && children}
    </TopToolbar>
  );
}

/** Active or not, in the resource's own words (`resources.<resource>.<activo|inactivo>` unless told otherwise). */
export function EstadoChip({ resource, activo, inactivo = 'inactivo' }: { resource: string; activo: boolean; inactivo?: string }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={activo ? 'success' : 'default'}
      label={translate(`resources.${resource}.${activo ? 'activo' : inactivo}`)}
    />
  );
}

/** Below MUI's sm breakpoint the lists show a SimpleList instead of their table. */
export const useNarrow = () => useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
