import type { ReactNode } from 'react';
import {
  CreateButton,
  DataTable,
  FilterButton,
  NullableBooleanInput,
  SearchInput,
  TopToolbar,
  useCanAccess,
  useResourceContext,
  useTranslate,
  type NullableBooleanInputProps,
  type RaRecord,
  type SearchInputProps,
} from 'react-admin';
import Chip from '@mui/material/Chip';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';

/**
 * What the back office's catalogue lists (advisers, banks, plans...) share: the toolbar, the state chip and the phone
 * breakpoint where the table becomes a simple list.
 */

/**
 * Filters, and Crear (with the resource's other creating actions, `children`: Importar) only for whom the menu lets
 * create in this resource; `lectura` (Exportar) for every reader.
 */
export function CatalogoAcciones({ resource, children, lectura }: { resource: string; children?: ReactNode; lectura?: ReactNode }) {
  const { canAccess } = useCanAccess({ resource, action: 'create' });
  return (
    <TopToolbar>
      <FilterButton />
      {canAccess && <CreateButton />}
      {canAccess && children}
      {lectura}
    </TopToolbar>
  );
}

/**
 * A list whose only action is Crear, for whom the menu lets create. On a phone Crear floats over the page: a toolbar
 * with nothing else in it would leave a blank band above the filters.
 */
export function SoloCrear({ resource, label }: { resource: string; label?: string }) {
  const { canAccess } = useCanAccess({ resource, action: 'create' });
  const narrow = useNarrow();
  const crear = canAccess ? <CreateButton label={label} /> : null;
  return narrow ? crear : <TopToolbar>{crear}</TopToolbar>;
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

/** A catalogue table's state column (`source`), its chip labelled `resources.<resource>.estado`. */
export const estadoColumna = (resource: string, source: string) => (
  <DataTable.Col
    source={source}
    label={`resources.${resource}.estado`}
    disableSort
    render={(record: RaRecord) => <EstadoChip resource={resource} activo={Boolean(record[source])} />}
  />
);

/** A list's search box, its placeholder the resource's own `resources.<resource>.buscar`. */
export function SearchFilter(props: SearchInputProps) {
  const resource = useResourceContext(props);
  const translate = useTranslate();
  return <SearchInput placeholder={translate(`resources.${resource}.buscar`)} {...props} />;
}

/**
 * A list's filter by state, its two choices in the resource's own words: `resources.<resource>.activo` and
 * `.inactivo` unless `words` names other keys under the resource.
 */
export function EstadoFilter({ words = ['activo', 'inactivo'], ...input }: NullableBooleanInputProps & { words?: [string, string] }) {
  const resource = useResourceContext(input);
  return (
    <NullableBooleanInput trueLabel={`resources.${resource}.${words[0]}`} falseLabel={`resources.${resource}.${words[1]}`} {...input} />
  );
}

/** Below MUI's sm breakpoint the lists show a SimpleList instead of their table. */
export const useNarrow = () => useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
