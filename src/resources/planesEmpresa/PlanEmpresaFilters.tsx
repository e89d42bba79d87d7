import { DateInput, ReferenceInput, AutocompleteInput, SelectInput } from 'react-admin';
import { ESTADO_PLAN_ETIQUETA, ESTADOS_PLAN, PLAN_TIPO_TODOS } from '../../../domain/planes';
import { CLASE_CHOICES, TIPO_CHOICES } from '../planes/choices';
import { SearchFilter } from '../../shell/catalogo';

/** The filters of every sale: search (company or plan), plan, class, type, state today and the sale's dates. */
export const planEmpresaFilters = [
  <SearchFilter key="q" source="q" alwaysOn />,
  <SelectInput key="estado" source="estado" alwaysOn choices={ESTADOS_PLAN.map((id) => ({ id, name: ESTADO_PLAN_ETIQUETA[id] }))} />,
  <SelectInput key="clase" source="PLANEMPRESA_CLASE" choices={CLASE_CHOICES} />,
  <SelectInput key="tipo" source="PLANEMPRESA_TIPO" choices={TIPO_CHOICES} />,
  <ReferenceInput
    key="plan"
    source="PLAN_ID"
    reference="planes"
    filter={{ PLAN_TIPO: PLAN_TIPO_TODOS }}
    sort={{ field: 'PLAN_NOMBRE', order: 'ASC' }}
  >
    <AutocompleteInput optionText="PLAN_NOMBRE" filterToQuery={(q) => ({ q })} />
  </ReferenceInput>,
  <DateInput key="desde" source="desde" />,
  <DateInput key="hasta" source="hasta" />,
];
