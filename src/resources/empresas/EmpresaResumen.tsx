import { useQuery } from '@tanstack/react-query';
import { useListContext, useTranslate } from 'react-admin';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { ResumenEmpresas } from '../../../domain/contratos/empresas-lista';
import { ESTADOS_COMPROBACION, ESTADO_COMPROBACION_ETIQUETA } from '../../../domain/empresas';
import { formatCount } from '../../../domain/listas';
import { useAreaDataProvider } from '../../dataProvider/useAreaDataProvider';

/** The counts of /empresas/resumen at the top of the list; each chip filters the list by what it counts. */
export function EmpresaResumen() {
  const dataProvider = useAreaDataProvider();
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  const { data } = useQuery({
    queryKey: ['empresas', 'resumen'],
    queryFn: () => dataProvider.call<ResumenEmpresas>('/empresas/resumen'),
    refetchInterval: 60_000,
  });
  if (!data) return null;
  const toggle = (key: string, value: unknown) =>
    setFilters({ ...filterValues, [key]: filterValues[key] === value ? undefined : value }, {});
  const chip = (key: string, value: unknown, label: string, n: number) => (
    <Chip
      key={`${key}-${String(value)}`}
      label={`${label}: ${formatCount(n)}`}
      variant={filterValues[key] === value ? 'filled' : 'outlined'}
      color={filterValues[key] === value ? 'primary' : 'default'}
      onClick={() => toggle(key, value)}
    />
  );
  return (
    <Box
      component="section"
      aria-label={translate('resources.empresas.lista.resumen')}
      sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', px: 2, py: 1.5 }}
    >
      <Typography variant="subtitle1" sx={{ fontWeight: 600, mr: 1 }}>
        {translate('resources.empresas.lista.total', { smart_count: data.total, total: formatCount(data.total) })}
      </Typography>
      {ESTADOS_COMPROBACION.map((estado) =>
        chip('EMP_COMPROBACION', estado, ESTADO_COMPROBACION_ETIQUETA[estado], data.porComprobacion[estado] ?? 0),
      )}
      {chip('EMP_ACTIVO', true, translate('resources.empresas.lista.activas'), data.activas)}
      {chip('EMP_ACTIVO', false, translate('resources.empresas.lista.suspendidas'), data.suspendidas)}
    </Box>
  );
}
