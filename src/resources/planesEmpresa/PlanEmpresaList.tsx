import { DataTable, FilterButton, Link, List, SimpleList, TopToolbar, useCreatePath, useTranslate, type RaRecord } from 'react-admin';
import Box from '@mui/material/Box';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { PlanEmpresa } from '../../../domain/contratos/planes';
import { formatDate } from '../../../domain/fechas';
import { PLAN_CLASE, PLAN_CLASE_ETIQUETA } from '../../../domain/planes';
import { ListPagination } from '../../shell/ListPagination';
import { usd } from '../../ui/numeros';
import { ConsumoBar } from './ConsumoBar';
import { EstadoPlanChip } from './EstadoPlanChip';
import { planEmpresaFilters } from './PlanEmpresaFilters';

const venta = (record: RaRecord) => record as unknown as PlanEmpresa;

/** The company's page, where its plans are sold, renewed and corrected. */
function EmpresaLink({ plan }: { plan: PlanEmpresa }) {
  const createPath = useCreatePath();
  return <Link to={createPath({ resource: 'empresas', id: plan.EMP_CODIGO, type: 'edit' })}>{plan.EMP_NOMBRE}</Link>;
}

const Consumo = ({ plan }: { plan: PlanEmpresa }) =>
  plan.PLANEMPRESA_CLASE === PLAN_CLASE.electronico ? (
    <ConsumoBar compact usados={plan.PLANEMPRESA_USADOS} comprobantes={plan.PLANEMPRESA_COMPROBANTES} estado={plan.estado} />
  ) : (
    plan.PLANEMPRESA_COMPROBANTES
  );

/**
 * Every plan sold to the companies the user sees (a distributor, its own), newest first, with filters. Selling,
 * renewing and correcting happen on each company's page, which the company's name opens.
 */
export function PlanEmpresaList() {
  const translate = useTranslate();
  const narrow = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const createPath = useCreatePath();
  const none = translate('resources.planesEmpresa.sin_dato');
  return (
    <List
      filters={planEmpresaFilters}
      actions={
        <TopToolbar>
          <FilterButton />
        </TopToolbar>
      }
      sort={{ field: 'PLANEMPRESA_FECHA', order: 'DESC' }}
      perPage={25}
      pagination={<ListPagination />}
    >
      {narrow ? (
        <SimpleList
          primaryText={(r) => venta(r).EMP_NOMBRE}
          secondaryText={(r) =>
            `${venta(r).PLAN_NOMBRE} · ${translate('resources.planesEmpresa.del_al', {
              inicio: venta(r).PLANEMPRESA_INICIO,
              caduca: venta(r).PLANEMPRESA_CADUCA,
            })}`
          }
          tertiaryText={(r) => <EstadoPlanChip estado={venta(r).estado} caduca={venta(r).PLANEMPRESA_CADUCA} />}
          rowClick={(_id, _resource, r) => createPath({ resource: 'empresas', id: venta(r).EMP_CODIGO, type: 'edit' })}
        />
      ) : (
        <DataTable
          rowClick={false}
          bulkActionButtons={false}
          sx={{ '& .MuiTableCell-root': { px: 1 }, '& .MuiTableCell-alignRight': { whiteSpace: 'nowrap' } }}
        >
          <DataTable.Col source="EMP_NOMBRE" disableSort render={(r: RaRecord) => <EmpresaLink plan={venta(r)} />} />
          <DataTable.Col source="PLAN_NOMBRE" disableSort />
          <DataTable.Col source="PLANEMPRESA_CLASE" disableSort render={(r: RaRecord) => PLAN_CLASE_ETIQUETA[venta(r).PLANEMPRESA_CLASE]} />
          <DataTable.Col source="PLANEMPRESA_FECHA" render={(r: RaRecord) => formatDate(venta(r).PLANEMPRESA_FECHA)} />
          <DataTable.Col
            source="PLANEMPRESA_CADUCA"
            render={(r: RaRecord) => (
              <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                {`${venta(r).PLANEMPRESA_INICIO} – ${venta(r).PLANEMPRESA_CADUCA}`}
              </Box>
            )}
          />
          <DataTable.Col source="PLANEMPRESA_USADOS" disableSort render={(r: RaRecord) => <Consumo plan={venta(r)} />} />
          <DataTable.Col source="PLANEMPRESA_PRECIO" align="right" render={(r: RaRecord) => usd(venta(r).PLANEMPRESA_PRECIO)} />
          <DataTable.Col source="VENDEDOR" disableSort render={(r: RaRecord) => venta(r).VENDEDOR ?? none} />
          <DataTable.Col
            source="estado"
            disableSort
            render={(r: RaRecord) => <EstadoPlanChip estado={venta(r).estado} caduca={venta(r).PLANEMPRESA_CADUCA} />}
          />
        </DataTable>
      )}
    </List>
  );
}
