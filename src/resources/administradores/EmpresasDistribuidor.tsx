import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useCreatePath, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddBusinessIcon from '@mui/icons-material/AddBusiness';
import type { EmpresaFila } from '../../../domain/contratos/empresas-lista';
import { administrador } from './perfiles';
import { useAreaDataProvider } from '../../dataProvider/useAreaDataProvider';
import { useAccion } from '../../shell/useAccion';

const t = (key: string) => `resources.administradores.empresas.${key}`;
const SHOWN = 10;

/** Text typed in the search, settled for 300 ms: one request per pause, not per key. */
function useSettled(text: string) {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), 300);
    return () => clearTimeout(timer);
  }, [text]);
  return settled;
}

/**
 * A distributor's companies: how many, the first ones, a link to all of them in the company list, and a company search
 * that assigns the chosen ones to it (PUT /administradores/{id}/empresas).
 */
export function EmpresasDistribuidor() {
  const record = useRecordContext();
  const dataProvider = useAreaDataProvider();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const createPath = useCreatePath();
  const [texto, setTexto] = useState('');
  const [elegidas, setElegidas] = useState<EmpresaFila[]>([]);
  const { pending, run } = useAccion();
  const busqueda = useSettled(texto.trim());
  const id = record ? administrador(record).ADM_CODIGO : 0;

  const suyas = useQuery({
    queryKey: ['administradores', id, 'empresas'],
    queryFn: () =>
      dataProvider.getList<EmpresaFila & { id: number }>('empresas', {
        filter: { EMP_DISTRIBUIDOR: id },
        pagination: { page: 1, perPage: SHOWN },
        sort: { field: 'EMP_NOMBREC', order: 'ASC' },
      }),
    enabled: id > 0,
  });
  const opciones = useQuery({
    queryKey: ['administradores', 'empresas-buscar', busqueda],
    queryFn: () =>
      dataProvider.getList<EmpresaFila & { id: number }>('empresas', {
        filter: { q: busqueda },
        pagination: { page: 1, perPage: 20 },
        sort: { field: 'EMP_NOMBREC', order: 'ASC' },
      }),
    enabled: busqueda.length > 0,
  });

  if (!record) return null;
  const total = suyas.data?.total ?? administrador(record).EMPRESAS ?? 0;
  const todas = {
    pathname: createPath({ resource: 'empresas', type: 'list' }),
    search: `?filter=${encodeURIComponent(JSON.stringify({ EMP_DISTRIBUIDOR: id }))}`,
  };

  const asignar = () =>
    run(async () => {
      const { msg } = await dataProvider.call<{ msg: string }>(`/administradores/${id}/empresas`, {
        method: 'PUT',
        body: { empresas: elegidas.map((e) => e.EMP_CODIGO) },
      });
      notify(msg, { type: 'success' });
      setElegidas([]);
      setTexto('');
      await queryClient.invalidateQueries({ queryKey: ['administradores', id, 'empresas'] });
      refresh();
    });

  return (
    // On phones the form's toolbar stays at the bottom of the screen: room below so the last button is never under it.
    <Box component="section" aria-labelledby="empresas-distribuidor" sx={{ p: 2, pb: { xs: 10, sm: 2 }, maxWidth: 640 }}>
      <Divider sx={{ mb: 2 }} />
      <Typography id="empresas-distribuidor" variant="h6" component="h2">
        {translate(t('titulo'))}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {total ? translate(t('total'), { smart_count: total }) : translate(t('sin_empresas'))}
      </Typography>
      {suyas.data && suyas.data.data.length > 0 && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mb: 1 }}>
          {suyas.data.data.map((empresa) => (
            <Chip
              key={empresa.EMP_CODIGO}
              size="small"
              label={empresa.EMP_NOMBREC}
              component={Link}
              to={createPath({ resource: 'empresas', id: empresa.EMP_CODIGO, type: 'edit' })}
              clickable
              sx={{ maxWidth: '100%' }}
            />
          ))}
        </Box>
      )}
      {total > 0 && (
        <Link to={todas} variant="body2">
          {translate(t('ver_todas'))}
        </Link>
      )}
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: { xs: 'wrap', sm: 'nowrap' }, mt: 2 }}>
        <Autocomplete
          multiple
          fullWidth
          options={opciones.data?.data ?? []}
          value={elegidas}
          onChange={(_event, value) => setElegidas(value)}
          inputValue={texto}
          onInputChange={(_event, value, reason) => reason !== 'reset' && setTexto(value)}
          filterOptions={(x) => x}
          isOptionEqualToValue={(a, b) => a.EMP_CODIGO === b.EMP_CODIGO}
          getOptionLabel={(empresa) => `${empresa.EMP_NOMBREC} · ${empresa.EMP_RUC}`}
          getOptionDisabled={(empresa) => empresa.EMP_DISTRIBUIDOR === id}
          loading={opciones.isFetching}
          noOptionsText={translate(busqueda ? t('sin_resultados') : t('escriba'))}
          loadingText={translate('ra.page.loading')}
          renderOption={({ key, ...props }, empresa) => (
            <li key={key} {...props}>
              <Box>
                <Typography variant="body2">{empresa.EMP_NOMBREC}</Typography>
                <Typography variant="caption" color="text.secondary">
                  {empresa.EMP_RUC}
                  {empresa.EMP_DISTRIBUIDOR === id
                    ? ` · ${translate(t('ya_asignada'))}`
                    : empresa.DISTRIBUIDOR_NOMBRE
                      ? ` · ${translate(t('otro_distribuidor'), { nombre: empresa.DISTRIBUIDOR_NOMBRE })}`
                      : ''}
                </Typography>
              </Box>
            </li>
          )}
          renderInput={(params) => <TextField {...params} label={translate(t('buscar'))} helperText={translate(t('ayuda'))} />}
        />
        <Button
          variant="contained"
          startIcon={<AddBusinessIcon />}
          onClick={asignar}
          disabled={pending || elegidas.length === 0}
          sx={{ mt: 1, flexShrink: 0 }}
        >
          {translate(t('asignar'))}
        </Button>
      </Box>
    </Box>
  );
}
