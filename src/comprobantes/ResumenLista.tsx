import { useListContext } from 'react-admin';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { FacturasTotales } from '../../domain/contratos/facturas';
import { useAreaDataProvider } from '../dataProvider/useAreaDataProvider';
import { dinero } from '../ui/numeros';
import type { Documento } from './documento';

/** The count and sums of every document the filter selects (GET {api}/totales), read again with the list. */
function useTotales({ api, recurso }: Documento, filter: Record<string, unknown>) {
  const dataProvider = useAreaDataProvider();
  const json = JSON.stringify(filter ?? {});
  return useQuery({
    queryKey: [recurso, 'totales', json],
    queryFn: () => dataProvider.call<FacturasTotales>(`${api}/totales?${new URLSearchParams({ filter: json })}`),
    placeholderData: keepPreviousData,
  });
}

/**
 * Under a document list (invoices or notes): how many the filters select (`cuenta`: the catalogue's key, "12 facturas")
 * and how many are annulled, and their sums (`cifras`: subtotal, IVA and total; a retención's renta, IVA and total),
 * each named by `lista.<cifra>`, with the same filter as the list.
 */
export function ResumenLista({
  documento,
  cuenta,
  cifras = ['subtotal', 'iva', 'total'],
}: {
  documento: Documento;
  cuenta: string;
  cifras?: readonly string[];
}) {
  const { texto } = documento;
  const { filterValues } = useListContext();
  const { data } = useTotales(documento, filterValues);
  return (
    <Box
      component="section"
      aria-label={texto('lista.resumen')}
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        justifyContent: 'flex-end',
        gap: { xs: 1, sm: 3 },
        px: 2,
        py: 1.5,
        borderTop: 1,
        borderColor: 'divider',
        bgcolor: 'action.hover',
      }}
    >
      {data ? (
        <>
          <Typography variant="body2" sx={{ mr: 'auto' }}>
            {texto(cuenta, { smart_count: data.cantidad })}
            {data.anuladas > 0 && ` · ${texto('lista.anuladas', { smart_count: data.anuladas })}`}
          </Typography>
          {cifras.map((cifra) => (
            <Typography key={cifra} variant="body2" data-resumen={cifra}>
              {texto(`lista.${cifra}`)} <strong>{dinero((data as unknown as Record<string, string>)[cifra] ?? '0')}</strong>
            </Typography>
          ))}
        </>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {texto('lista.cargando_totales')}
        </Typography>
      )}
    </Box>
  );
}
