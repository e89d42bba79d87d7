import type { ReactElement, ReactNode } from 'react';
import { DataTable, List, SimpleList, type ListProps, type SimpleListProps } from 'react-admin';
import type { SxProps, Theme } from '@mui/material/styles';
import { useNarrow } from './catalogo';

export type ResponsiveListProps = Omit<ListProps, 'children'> &
  Pick<SimpleListProps, 'primaryText' | 'secondaryText' | 'tertiaryText'> & {
    /** Where a row leads: its edit or show page, or nowhere for whom may not edit. */
    rowClick?: 'edit' | 'show' | false;
    /** What the table offers for the rows ticked (none unless given). */
    bulkActionButtons?: ReactElement | false;
    tableSx?: SxProps<Theme>;
    phoneSx?: SxProps<Theme>;
    /** Shown above the rows, inside the list's context (a warning about the page's rows). */
    encabezado?: ReactNode;
    /** Shown under the rows, inside the list's context (the filtered set's totals). */
    pie?: ReactNode;
    /** The table's columns (`DataTable.Col`...). */
    children: ReactNode;
  };

/**
 * A resource's list: a table on wide screens and, below MUI's sm breakpoint, a SimpleList with the row's texts
 * (`primaryText`, `secondaryText`, `tertiaryText`). Every other prop goes to react-admin's `<List>`.
 */
export function ResponsiveList({
  primaryText,
  secondaryText,
  tertiaryText,
  rowClick = 'edit',
  bulkActionButtons = false,
  tableSx,
  phoneSx,
  encabezado,
  pie,
  children,
  ...list
}: ResponsiveListProps) {
  const narrow = useNarrow();
  return (
    <List {...list}>
      {encabezado}
      {narrow ? (
        <SimpleList primaryText={primaryText} secondaryText={secondaryText} tertiaryText={tertiaryText} linkType={rowClick} sx={phoneSx} />
      ) : (
        <DataTable rowClick={rowClick} bulkActionButtons={bulkActionButtons} sx={tableSx}>
          {children}
        </DataTable>
      )}
      {pie}
    </List>
  );
}
