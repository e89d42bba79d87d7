import { DataTable, SelectInput, useTranslate, type RaRecord } from 'react-admin';
import type { Plan } from '../../../domain/contratos/planes';
import { PLAN_CLASE_ETIQUETA, PLAN_TIPO_DEFECTO, PLAN_TIPO_ETIQUETA, PLAN_TIPO_TODOS } from '../../../domain/planes';
import { EstadoChip, EstadoFilter, SearchFilter } from '../../shell/catalogo';
import { ListaCatalogo } from '../../shell/ListaCatalogo';
import { CLASE_CHOICES, TIPO_CHOICES } from './choices';
import { usd } from '../../ui/numeros';

const plan = (record: RaRecord) => record as unknown as Plan;

function useFilters() {
  const translate = useTranslate();
  const t = (key: string) => translate(`resources.planes.${key}`);
  return [
    <SearchFilter key="q" source="q" alwaysOn />,
    // Sales by default (the settings' default type); T lists every type. Emptied, the filter is left out and the server lists sales too.
    <SelectInput key="tipo" source="PLAN_TIPO" alwaysOn choices={[...TIPO_CHOICES, { id: PLAN_TIPO_TODOS, name: t('todos') }]} />,
    <SelectInput key="clase" source="PLAN_CLASE" alwaysOn choices={CLASE_CHOICES} emptyText={t('todas')} />,
    <EstadoFilter key="activo" source="PLAN_ACTIVO" words={['activo', 'retirado']} />,
  ];
}

/**
 * The plan catalogue: sales plans by default (the type filter offers purchases and all), by class and state; a table
 * on wide screens and a simple list on phones. Administrators create and edit; distributors only read.
 */
export function PlanList() {
  const translate = useTranslate();
  return (
    <ListaCatalogo
      resource="planes"
      filters={useFilters()}
      filterDefaultValues={{ PLAN_TIPO: PLAN_TIPO_DEFECTO }}
      sort={{ field: 'PLAN_NOMBRE', order: 'ASC' }}
      primaryText={(r) => plan(r).PLAN_NOMBRE}
      secondaryText={(r) =>
        translate('resources.planes.resumen', {
          comprobantes: plan(r).PLAN_COMPROBANTES,
          dias: plan(r).PLAN_DIAS,
          total: usd(plan(r).PLAN_TOTAL),
        })
      }
      tertiaryText={(r) => <EstadoChip resource="planes" activo={plan(r).PLAN_ACTIVO} inactivo="retirado" />}
      tableSx={{ '& .MuiTableCell-alignRight': { whiteSpace: 'nowrap' } }}
    >
      <DataTable.Col source="PLAN_NOMBRE" />
      <DataTable.Col source="PLAN_TIPO" disableSort render={(r: RaRecord) => PLAN_TIPO_ETIQUETA[plan(r).PLAN_TIPO]} />
      <DataTable.Col source="PLAN_CLASE" disableSort render={(r: RaRecord) => PLAN_CLASE_ETIQUETA[plan(r).PLAN_CLASE]} />
      <DataTable.NumberCol source="PLAN_COMPROBANTES" />
      <DataTable.NumberCol source="PLAN_DIAS" />
      <DataTable.Col source="PLAN_PRECIO" align="right" render={(r: RaRecord) => usd(plan(r).PLAN_PRECIO)} />
      <DataTable.Col source="PLAN_IVA" align="right" disableSort render={(r: RaRecord) => usd(plan(r).PLAN_IVA)} />
      <DataTable.Col source="PLAN_TOTAL" align="right" disableSort render={(r: RaRecord) => usd(plan(r).PLAN_TOTAL)} />
      <DataTable.Col
        source="PLAN_ACTIVO"
        disableSort
        render={(r: RaRecord) => <EstadoChip resource="planes" activo={plan(r).PLAN_ACTIVO} inactivo="retirado" />}
      />
      <DataTable.NumberCol source="vendidos" disableSort />
    </ListaCatalogo>
  );
}
