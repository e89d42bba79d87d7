import { SearchInput, SelectInput } from 'react-admin';
import { BANDERAS, type Bandera } from '../../../domain/clientes';
import { useGrupos, useTiposCliente, useVendedores } from './catalogos';
import { texto } from './textos';
import { EstadoFilter } from '../../shell/catalogo';

const banderaChoices = (Object.keys(BANDERAS) as Bandera[]).map((id) => ({ id, name: BANDERAS[id].etiqueta }));

/** The list's filters: the search (name, commercial name or identification), type, group, seller, state and flag. */
export function useClienteFilters() {
  const { data: tipos = [] } = useTiposCliente();
  const { data: grupos = [] } = useGrupos();
  const { data: vendedores = [] } = useVendedores();
  return [
    <SearchInput key="q" source="q" alwaysOn placeholder={texto('lista.buscar')} sx={{ minWidth: { sm: 280 } }} />,
    <SelectInput key="tipo" source="TCL_CODIGO" choices={tipos} optionValue="TCL_CODIGO" optionText="TCL_NOMBRE" />,
    <SelectInput key="grupo" source="GCL_CODIGO" choices={grupos} optionValue="GCL_CODIGO" optionText="GCL_NOMBRE" />,
    <SelectInput key="vendedor" source="CLI_VENDEDOR" choices={vendedores} optionValue="USU_CODIGO" optionText="nombre" />,
    <EstadoFilter key="activo" source="CLI_ACTIVO" label="resources.clientes.estado" alwaysOn />,
    <SelectInput key="bandera" source="bandera" label="resources.clientes.fields.CLI_BANDERAS" choices={banderaChoices} />,
  ];
}
