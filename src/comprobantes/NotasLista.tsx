import { DataTable, Link, type RaRecord } from 'react-admin';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { Nota } from '../../domain/contratos/notasCredito';
import { formatDate } from '../../domain/fechas';
import { useNarrow } from '../shell/catalogo';
import { dinero } from '../ui/numeros';
import type { Documento } from './documento';
import { ESTADOS } from './estados';
import {
  AccionesLista,
  CifraYEstado,
  derecha,
  DosLineas,
  EstadoCelda,
  FILTRO_CLIENTE,
  filtrosDocumento,
  ListaDocumento,
  VacioLista,
} from './lista';
import { ResumenLista } from './ResumenLista';

const nota = (r: RaRecord) => r as unknown as Nota;
/** The invoices' list showing only the authorized ones: where a note starts. */
const FACTURAS_AUTORIZADAS = `/facturas?${new URLSearchParams({ filter: JSON.stringify({ FAC_ESTADO: ['AUTORIZADA'] }) })}`;

/**
 * A note type's list, newest first: number (or "Borrador"), date, buyer, the invoice it modifies, motivo, total and
 * state; filters by state, dates and buyer, the totals of the filtered set below, Excel/CSV export. A simple list on
 * phones. Without any note, what a note is and where it starts.
 */
export function NotasLista({ documento }: { documento: Documento }) {
  const { texto, recurso, api } = documento;
  const abiertos = !useNarrow();
  const numero = (r: RaRecord) => nota(r).FAC_NUMERO ?? texto('borrador');
  const campo = (source: string) => texto(`campos.${source}`);
  // No note yet: where notes come from (an authorized invoice), with the way there.
  const camino = (
    <Button component={Link} to={FACTURAS_AUTORIZADAS} variant="contained">
      {texto('lista.ver_facturas')}
    </Button>
  );
  return (
    <ListaDocumento
      sri
      filters={filtrosDocumento({ texto, estado: 'FAC_ESTADO', estados: ESTADOS, tercero: FILTRO_CLIENTE, abiertos })}
      actions={<AccionesLista recurso={recurso} exportar={{ api, archivo: recurso }} />}
      sort={{ field: 'FAC_CODIGO', order: 'DESC' }}
      empty={<VacioLista recurso={recurso} texto={texto} camino={camino} />}
      primaryText={(r) => nota(r).CLI_RAZON_SOCIAL}
      secondaryText={(r) => `${numero(r)} · ${formatDate(nota(r).FAC_FECHA)} · ${texto('titulo_factura')} ${nota(r).FACTURA_NUMERO ?? ''}`}
      tertiaryText={(r) => <CifraYEstado cifra={dinero(nota(r).FAC_TOTAL)} estado={<EstadoCelda record={r} />} />}
      pie={<ResumenLista documento={documento} cuenta="lista.notas" />}
    >
      <DataTable.Col source="FAC_NUMERO" label={campo('FAC_NUMERO')} render={numero} sx={{ whiteSpace: 'nowrap' }} />
      <DataTable.Col source="FAC_FECHA" label={campo('FAC_FECHA')} render={(r: RaRecord) => formatDate(nota(r).FAC_FECHA)} />
      <DataTable.Col
        source="CLI_RAZON_SOCIAL"
        label={campo('CLI_RAZON_SOCIAL')}
        disableSort
        render={(r: RaRecord) => <DosLineas arriba={nota(r).CLI_RAZON_SOCIAL} abajo={nota(r).CLI_IDENTIFICACION} />}
      />
      <DataTable.Col
        source="FAC_MODIFICA"
        label={campo('FAC_MODIFICA')}
        disableSort
        render={(r: RaRecord) => nota(r).FACTURA_NUMERO ?? ''}
        sx={{ whiteSpace: 'nowrap' }}
      />
      <DataTable.Col
        source="FAC_MOTIVO"
        label={campo('FAC_MOTIVO')}
        disableSort
        render={(r: RaRecord) => (
          <Box
            component="span"
            sx={{ display: 'block', maxWidth: 280, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
          >
            {nota(r).FAC_MOTIVO ?? ''}
          </Box>
        )}
      />
      <DataTable.Col source="FAC_TOTAL" label={campo('FAC_TOTAL')} render={(r: RaRecord) => dinero(nota(r).FAC_TOTAL)} sx={derecha} />
      <DataTable.Col source="FAC_ESTADO" label={campo('FAC_ESTADO')} disableSort render={(r: RaRecord) => <EstadoCelda record={r} />} />
    </ListaDocumento>
  );
}
