import {
  AutocompleteInput,
  DataTable,
  DateInput,
  FilterButton,
  List,
  ReferenceInput,
  SelectInput,
  SimpleList,
  TextInput,
  TopToolbar,
  type RaRecord,
} from 'react-admin';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { AuditoriaFila } from '../../../domain/contratos/auditoria';
import { formatDateTime } from '../../../domain/fechas';
import { ListPagination } from '../../shell/ListPagination';
import { useEtiquetas } from './etiquetas';
import { etiquetasCampos } from '../../../domain/etiquetas';

const fila = (record: RaRecord) => record as unknown as AuditoriaFila;

/** The audit log: every change of the back office, newest first, filtered by person, section, action, record and dates. */
export function AuditoriaList() {
  const { recurso, accion, recursos, acciones } = useEtiquetas();
  const narrow = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const filters = [
    <ReferenceInput key="persona" source="ADM_CODIGO" reference="administradores" alwaysOn={!narrow}>
      <AutocompleteInput optionText="ADM_NOMBRE" filterToQuery={(q: string) => ({ q })} />
    </ReferenceInput>,
    <SelectInput key="recurso" source="AUD_RECURSO" choices={recursos} alwaysOn={!narrow} />,
    <SelectInput key="accion" source="AUD_ACCION" choices={acciones} />,
    <TextInput key="registro" source="AUD_REGISTRO" />,
    <DateInput key="desde" source="desde" alwaysOn={!narrow} />,
    <DateInput key="hasta" source="hasta" alwaysOn={!narrow} />,
  ];
  const persona = (r: AuditoriaFila) => r.ADM_NOMBRE ?? r.AUD_USUARIO;
  const campos = (r: AuditoriaFila) => etiquetasCampos(r.CAMPOS) || '—';
  return (
    <List
      filters={filters}
      actions={
        <TopToolbar>
          <FilterButton />
        </TopToolbar>
      }
      sort={{ field: 'AUD_FECHA', order: 'DESC' }}
      perPage={25}
      pagination={<ListPagination />}
      exporter={false}
    >
      {narrow ? (
        <SimpleList
          primaryText={(r) => `${accion(fila(r).AUD_ACCION)} · ${recurso(fila(r).AUD_RECURSO)} N° ${fila(r).AUD_REGISTRO}`}
          secondaryText={(r) => `${persona(fila(r))} · ${formatDateTime(fila(r).AUD_FECHA)}`}
          linkType="show"
        />
      ) : (
        <DataTable rowClick="show" bulkActionButtons={false} sx={{ '& .MuiTableCell-root': { px: 1 } }}>
          <DataTable.Col source="AUD_FECHA" sx={{ whiteSpace: 'nowrap' }} render={(r: RaRecord) => formatDateTime(fila(r).AUD_FECHA)} />
          <DataTable.Col source="AUD_USUARIO" label="resources.auditoria.fields.ADM_NOMBRE" render={(r: RaRecord) => persona(fila(r))} />
          <DataTable.Col source="AUD_RECURSO" render={(r: RaRecord) => recurso(fila(r).AUD_RECURSO)} />
          <DataTable.Col source="AUD_REGISTRO" disableSort />
          <DataTable.Col source="AUD_ACCION" render={(r: RaRecord) => accion(fila(r).AUD_ACCION)} />
          <DataTable.Col source="CAMPOS" disableSort render={(r: RaRecord) => campos(fila(r))} />
        </DataTable>
      )}
    </List>
  );
}
