import {
  CreateButton,
  DataTable,
  FilterButton,
  List,
  SimpleList,
  TopToolbar,
  useCanAccess,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import Box from '@mui/material/Box';
import type { EmpresaFila } from '../../../domain/contratos/empresas-lista';
import { formatDate } from '../../../domain/fechas';
import { ListPagination } from '../../shell/ListPagination';
import { ComprobacionChip, VigenciaChip } from './chips';
import { useDistribuidores, useEmpresaFilters } from './EmpresaFilters';
import { EmpresaBulkActions, ExportarButton } from './EmpresaBulkActions';
import { EmpresaResumen } from './EmpresaResumen';

const fila = (record: RaRecord) => record as unknown as EmpresaFila;

function Acciones() {
  // Creating a company is the company page's (helper "ficha"); the button shows only when the resource has a create view.
  const { canAccess } = useCanAccess({ resource: 'empresas', action: 'create' });
  return (
    <TopToolbar>
      <FilterButton />
      {canAccess && <CreateButton />}
      <ExportarButton />
    </TopToolbar>
  );
}

/**
 * The back office's company list: counts at the top, search and filters, row checkboxes with bulk actions, a table on
 * wide screens and a simple list on phones. Totals past 10 000 are estimates ("más de 10 000").
 */
export function EmpresaList() {
  const translate = useTranslate();
  const distribuidores = useDistribuidores();
  const filters = useEmpresaFilters(distribuidores);
  const narrow = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const none = translate('resources.empresas.lista.sin_distribuidor');
  return (
    <List
      filters={filters}
      actions={<Acciones />}
      sort={{ field: 'EMP_CODIGO', order: 'DESC' }}
      perPage={25}
      pagination={<ListPagination />}
      empty={false}
    >
      <EmpresaResumen />
      {narrow ? (
        <SimpleList
          primaryText={(r) => fila(r).EMP_NOMBREC}
          secondaryText={(r) => `${fila(r).EMP_RUC} · ${fila(r).EMP_NOMBRE}`}
          tertiaryText={(r) => (
            <Box component="span" sx={{ display: 'inline-flex', gap: 0.5, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
              <ComprobacionChip estado={fila(r).EMP_COMPROBACION} />
              {!fila(r).EMP_ACTIVO && translate('resources.empresas.lista.suspendida')}
            </Box>
          )}
          linkType="edit"
        />
      ) : (
        <DataTable
          rowClick="edit"
          bulkActionButtons={<EmpresaBulkActions distribuidores={distribuidores} />}
          // Nine columns fit a 1366 px laptop beside the sidebar with half of MUI's cell padding.
          sx={{ '& .MuiTableCell-root': { px: 1 } }}
        >
          <DataTable.Col source="EMP_RUC" />
          <DataTable.Col source="EMP_NOMBREC" />
          <DataTable.Col source="EMP_NOMBRE" />
          <DataTable.Col source="EMP_COMPROBACION" render={(r: RaRecord) => <ComprobacionChip estado={fila(r).EMP_COMPROBACION} />} />
          <DataTable.Col
            source="EMP_ACTIVO"
            render={(r: RaRecord) => translate(`resources.empresas.lista.${fila(r).EMP_ACTIVO ? 'activa' : 'suspendida'}`)}
          />
          <DataTable.Col
            source="EMP_PLAN_CADUCA"
            label={translate('resources.empresas.fields.plan')}
            render={(r: RaRecord) => <VigenciaChip corta tipo="plan" estado={fila(r).planEstado} caduca={fila(r).EMP_PLAN_CADUCA} />}
          />
          <DataTable.Col
            source="EMP_FIRMA_CADUCA"
            label={translate('resources.empresas.fields.firma')}
            render={(r: RaRecord) => <VigenciaChip corta tipo="firma" estado={fila(r).firmaEstado} caduca={fila(r).EMP_FIRMA_CADUCA} />}
          />
          <DataTable.Col source="DISTRIBUIDOR_NOMBRE" disableSort render={(r: RaRecord) => fila(r).DISTRIBUIDOR_NOMBRE ?? none} />
          <DataTable.Col source="EMP_FECHAREGISTRO" render={(r: RaRecord) => formatDate(fila(r).EMP_FECHAREGISTRO)} />
        </DataTable>
      )}
    </List>
  );
}
