import { DataTable, type RaRecord } from 'react-admin';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ClaveApi } from '../../../domain/contratos/clavesApi';
import { formatDate } from '../../../domain/fechas';
import { apiUrl } from '../../http/client';
import { ListPagination } from '../../shell/ListPagination';
import { EstadoFilter, SearchFilter, SoloCrear } from '../../shell/catalogo';
import { ResponsiveList } from '../../shell/ResponsiveList';
import { AlcancesChips, EstadoClaveChip, prefijo, UltimoUso } from './piezas';
import { texto } from './textos';

const clave = (r: RaRecord) => r as unknown as ClaveApi;

const filters = [
  <SearchFilter key="q" source="q" alwaysOn />,
  <EstadoFilter key="revocada" source="revocada" label="resources.clavesApi.fields.revocada" words={['revocadas', 'activas']} alwaysOn />,
];

/** How an integration sends its key, and where the API is described. */
function Ayuda() {
  return (
    <Alert
      severity="info"
      component="section"
      aria-label={texto('ayuda.titulo')}
      sx={{ m: { xs: 1, sm: 2 }, '& .MuiAlert-message': { minWidth: 0 } }}
    >
      <AlertTitle>{texto('ayuda.titulo')}</AlertTitle>
      <Typography variant="body2">{texto('ayuda.texto')}</Typography>
      <Box
        component="code"
        sx={{ display: 'block', my: 1, p: 1, bgcolor: 'background.paper', borderRadius: 1, fontSize: '0.85rem', overflowWrap: 'anywhere' }}
      >
        Authorization: Bearer amk_…
      </Box>
      <Typography variant="body2">
        {texto('ayuda.actua')}{' '}
        <Link href={apiUrl('/api/docs')} target="_blank" rel="noopener">
          {texto('ayuda.docs')}
        </Link>
      </Typography>
    </Alert>
  );
}

/**
 * The company's API keys: name, prefix, scopes, who created it and when, its last use and its state; never the key
 * itself (the server keeps only its hash). A table on wide screens and a simple list on phones.
 */
export function ClaveApiList() {
  return (
    <ResponsiveList
      filters={filters}
      actions={<SoloCrear resource="clavesApi" label={texto('crear')} />}
      sort={{ field: 'CLA_CODIGO', order: 'DESC' }}
      perPage={25}
      pagination={<ListPagination />}
      empty={false}
      encabezado={<Ayuda />}
      rowClick="show"
      primaryText={(r) => clave(r).CLA_NOMBRE}
      secondaryText={(r) => (
        <>
          <Box component="span" sx={{ fontFamily: 'monospace' }}>
            {prefijo(clave(r))}
          </Box>
          {' · '}
          {clave(r)
            .CLA_ALCANCES.map((a) => texto(`alcances.${a}`))
            .join(', ')}
          {' · '}
          {texto('ultimo_uso')} <UltimoUso clave={clave(r)} />
        </>
      )}
      tertiaryText={(r) => <EstadoClaveChip clave={clave(r)} />}
    >
      <DataTable.Col source="CLA_NOMBRE" />
      <DataTable.Col
        source="CLA_PREFIJO"
        disableSort
        render={(r: RaRecord) => prefijo(clave(r))}
        sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}
      />
      <DataTable.Col source="CLA_ALCANCES" disableSort render={(r: RaRecord) => <AlcancesChips alcances={clave(r).CLA_ALCANCES} />} />
      <DataTable.Col source="USU_USUARIO" disableSort />
      <DataTable.Col source="CLA_CREADA" disableSort render={(r: RaRecord) => formatDate(clave(r).CLA_CREADA)} />
      <DataTable.Col source="CLA_ULTIMO_USO" render={(r: RaRecord) => <UltimoUso clave={clave(r)} />} />
      <DataTable.Col source="CLA_REVOCADA" disableSort render={(r: RaRecord) => <EstadoClaveChip clave={clave(r)} />} />
    </ResponsiveList>
  );
}
