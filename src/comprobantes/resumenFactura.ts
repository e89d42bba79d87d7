import { useQuery } from '@tanstack/react-query';
import { NOTAS_MSG, type ResumenFacturaNotas } from '../../domain/contratos/notasCredito';
import { NOTAS_CREDITO_MSG } from '../../domain/notasCredito/mensajes';
import { useAreaDataProvider } from '../dataProvider/useAreaDataProvider';

/**
 * An invoice's summary for its notes (GET /api/notasCredito/factura/:id): its lines with what is left to return, its
 * credit and debit notes, what remains to credit, and whether it admits notes. Under the invoices' key: issuing a note
 * reads it again.
 */
export function useResumenFactura(factura: number | '' | undefined | null) {
  const dataProvider = useAreaDataProvider();
  return useQuery({
    queryKey: ['facturas', 'notas', Number(factura)],
    queryFn: () => dataProvider.call<ResumenFacturaNotas>(`/api/notasCredito/factura/${factura}`),
    enabled: Boolean(factura),
    retry: false,
  });
}

/**
 * What the summary already knows the server would refuse, in the server's words: the consumidor final and nothing
 * left to credit (credit notes only), an invoice older than 12 months (both).
 */
export function rechazosDe(resumen: ResumenFacturaNotas | undefined, credito: boolean): string[] {
  if (!resumen) return [];
  const rechazos: string[] = [];
  if (credito && resumen.factura.consumidorFinal) rechazos.push(NOTAS_CREDITO_MSG.consumidorFinal);
  const vencida = NOTAS_CREDITO_MSG.facturaVencida;
  if (resumen.factura.vencida) rechazos.push(credito ? vencida : vencida.replace('notas de crédito', 'notas de débito'));
  if (credito && Number(resumen.restante) <= 0) rechazos.push(NOTAS_MSG.nadaQueAcreditar);
  return rechazos;
}
