import { Link, useCanAccess, type RaRecord } from 'react-admin';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import AssignmentReturnIcon from '@mui/icons-material/AssignmentReturn';
import type { Recibido, RecibidosTotales } from '../../../domain/contratos/recibidos';
import { useAreaDataProvider } from '../../dataProvider/useAreaDataProvider';
import { texto } from './textos';

export const recibido = (r: RaRecord) => r as unknown as Recibido;

/** The types a retención of ours is issued on: facturas and notas de débito (the list's filter `retenible` says the same). */
const RETENIBLES = new Set(['01', '05']);
const esRetenible = (r: Recibido) => RETENIBLES.has(r.REC_TIPO) && !r.RETENCION;

/** The retention screen's new draft with this document as its support (the retention screen reads `documento`). */
const retenerEn = (id: number) => ({
  pathname: '/retenciones/create',
  search: `?${new URLSearchParams({ documento: JSON.stringify({ sustentos: [{ REC_CODIGO: id }] }) })}`,
});

/** Keeps a click on a link inside a row from also opening the row. */
const soloEsto = (event: { stopPropagation: () => void }) => event.stopPropagation();

/** "Retener" for whom issues retentions, on a document that takes one. */
export function RetenerBoton({ record, variant = 'text' }: { record: Recibido; variant?: 'text' | 'outlined' }) {
  const { canAccess } = useCanAccess({ resource: 'retenciones', action: 'create' });
  if (!canAccess || !esRetenible(record)) return null;
  return (
    <Button
      component={Link}
      to={retenerEn(record.REC_CODIGO)}
      size="small"
      variant={variant}
      startIcon={<AssignmentReturnIcon />}
      onClick={soloEsto}
      aria-label={texto('lista.retener_ayuda', { numero: record.REC_NUMERO })}
    >
      {texto('lista.retener')}
    </Button>
  );
}

/** The list's retention cell: our live retention on the document (its number, a link to it), else Retener when it takes one. */
export function RetencionCelda({ record }: { record: Recibido }) {
  const r = record.RETENCION;
  if (!r) return <RetenerBoton record={record} />;
  return (
    <Chip
      component={Link}
      to={`/retenciones/${r.FAC_CODIGO}/show`}
      onClick={soloEsto}
      clickable
      size="small"
      color={r.FAC_NUMERO ? 'success' : 'default'}
      variant="outlined"
      label={r.FAC_NUMERO ? texto('lista.retenida', { numero: r.FAC_NUMERO }) : texto('lista.retencion_borrador')}
      data-retencion={r.FAC_CODIGO}
    />
  );
}

/** On a phone the whole row is a link: the retention's state as plain words, its page and Retener are on the document's. */
export function RetencionTexto({ record }: { record: Recibido }) {
  const r = record.RETENCION;
  if (r)
    return (
      <Chip
        size="small"
        color={r.FAC_NUMERO ? 'success' : 'default'}
        variant="outlined"
        label={r.FAC_NUMERO ? texto('lista.retenida', { numero: r.FAC_NUMERO }) : texto('lista.retencion_borrador')}
      />
    );
  return esRetenible(record) ? <Chip size="small" color="warning" variant="outlined" label={texto('lista.por_retener')} /> : null;
}

/** Who issued it: a link to the supplier (or to the client, for a client's retención) when it is in a book. */
export function emisorEnlace(r: Recibido): string | null {
  if (r.PRV_CODIGO) return `/proveedores/${r.PRV_CODIGO}/show`;
  if (r.CLI_CODIGO) return `/clientes/${r.CLI_CODIGO}/show`;
  return null;
}

/** The count and sums of every document the filter selects, and the same by month and type (GET /api/recibidos/totales). */
export function useTotalesRecibidos(filter: Record<string, unknown> | undefined) {
  const dataProvider = useAreaDataProvider();
  const json = JSON.stringify(filter ?? {});
  return useQuery({
    queryKey: ['recibidos', 'totales', json],
    queryFn: () => dataProvider.call<RecibidosTotales>(`/api/recibidos/totales?${new URLSearchParams({ filter: json })}`),
    placeholderData: keepPreviousData,
  });
}
