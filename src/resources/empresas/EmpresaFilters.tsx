import { useQuery } from '@tanstack/react-query';
import { SearchInput, SelectInput, useCanAccess, useTranslate } from 'react-admin';
import type { Distribuidor } from '../../../domain/contratos/empresas-lista';
import { ESTADOS_COMPROBACION, ESTADO_COMPROBACION_ETIQUETA, ESTADOS_VIGENCIA } from '../../../domain/empresas';
import { VIGENCIA_ETIQUETA } from './chips';
import { useAreaDataProvider } from '../../dataProvider/useAreaDataProvider';
import { EstadoFilter } from '../../shell/catalogo';

/**
 * The distributors, for the filter and the bulk assignment: only for administrators (the registry's
 * administratorOnly "distribuidor"); undefined for a distributor, whose list then has neither control.
 */
export function useDistribuidores() {
  const dataProvider = useAreaDataProvider();
  const { canAccess } = useCanAccess({ resource: 'empresas', action: 'distribuidor' });
  return useQuery({
    queryKey: ['empresas', 'distribuidores'],
    queryFn: () => dataProvider.call<Distribuidor[]>('/empresas/distribuidores'),
    enabled: canAccess === true,
    staleTime: 5 * 60_000,
  }).data;
}

const vigenciaChoices = (tipo: 'plan' | 'firma') => ESTADOS_VIGENCIA.map((id) => ({ id, name: VIGENCIA_ETIQUETA[tipo][id] }));

/** The list's filters, with Spanish labels; the distributor filter only for administrators. */
export function useEmpresaFilters(distribuidores: Distribuidor[] | undefined) {
  const translate = useTranslate();
  return [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('resources.empresas.lista.buscar')} />,
    <SelectInput
      key="comprobacion"
      source="EMP_COMPROBACION"
      alwaysOn
      choices={ESTADOS_COMPROBACION.map((id) => ({ id, name: ESTADO_COMPROBACION_ETIQUETA[id] }))}
    />,
    <EstadoFilter key="activo" source="EMP_ACTIVO" words={['lista.activa', 'lista.suspendida']} />,
    <SelectInput key="plan" source="plan" choices={vigenciaChoices('plan')} />,
    <SelectInput key="firma" source="firma" choices={vigenciaChoices('firma')} />,
    ...(distribuidores
      ? [
          <SelectInput
            key="distribuidor"
            source="EMP_DISTRIBUIDOR"
            choices={distribuidores}
            optionValue="ADM_CODIGO"
            optionText="ADM_NOMBRE"
          />,
        ]
      : []),
  ];
}
