import type { ReactNode } from 'react';
import { useCanAccess } from 'react-admin';
import { ListPagination } from './ListPagination';
import { CatalogoAcciones } from './catalogo';
import { ResponsiveList, type ResponsiveListProps } from './ResponsiveList';

type Props = Omit<ResponsiveListProps, 'actions' | 'rowClick' | 'perPage' | 'pagination'> & {
  resource: string;
  /** The toolbar's other creating actions, after Crear (Importar). */
  acciones?: ReactNode;
  /** The toolbar's actions for every reader (Exportar). */
  lectura?: ReactNode;
};

/**
 * A back-office catalogue's list (advisers, banks, plans, products...): Crear for whom the menu lets create, rows
 * that open the edit page for whom it lets edit, 25 a page, and narrow table cells.
 */
export function ListaCatalogo({ resource, acciones, lectura, tableSx, ...list }: Props) {
  const { canAccess: canEdit } = useCanAccess({ resource, action: 'edit' });
  return (
    <ResponsiveList
      actions={
        <CatalogoAcciones resource={resource} lectura={lectura}>
          {acciones}
        </CatalogoAcciones>
      }
      perPage={25}
      pagination={<ListPagination />}
      rowClick={canEdit ? 'edit' : false}
      tableSx={{ '& .MuiTableCell-root': { px: 1 }, ...tableSx }}
      {...list}
    />
  );
}
