import type { Identifier } from 'react-admin';
import Box from '@mui/material/Box';
import type { NotaCreditoDetalle } from '../../../domain/contratos/notasCredito';
import { calcularLineas } from '../../../domain/facturas/calculo';
import { NotaPagina, TotalesNota, type NotaRegistro } from '../../comprobantes/NotaPagina';
import { LineasDocumento, Seccion } from '../../comprobantes/pagina';
import { NOTA_CREDITO } from './documento';
import { texto } from './textos';

type Registro = NotaRegistro & Pick<NotaCreditoDetalle, 'lineas'>;

function Cuerpo({ record }: { record: Registro }) {
  // The per-rate subtotals as the RIDE prints them, from the stored lines by the same calculation.
  const calculo = calcularLineas(
    record.lineas.map((l) => ({
      cantidad: l.FDE_CANTIDAD,
      precioUnitario: l.FDE_PRECIO,
      descuento: l.FDE_DESCUENTO,
      codigoPorcentaje: l.FDE_IVA,
    })),
  );
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(280px, 2fr)' } }}>
      <Seccion titulo={texto('show.lineas')}>
        <LineasDocumento lineas={record.lineas} />
      </Seccion>
      <Seccion titulo={texto('show.totales')}>
        <TotalesNota subtotales={calculo.subtotalesIva} subtotal={record.FAC_SUBTOTAL} total={record.FAC_TOTAL} />
      </Seccion>
    </Box>
  );
}

/** A credit note's page: the notes' shared page with its returned lines and totals. */
export const NotaCreditoShow = ({ id }: { id?: Identifier }) => (
  <NotaPagina
    id={id}
    documento={NOTA_CREDITO}
    completa={(r) => Array.isArray((r as Registro).lineas)}
    cuerpo={(r) => <Cuerpo record={r as Registro} />}
  />
);
