import type { Identifier } from 'react-admin';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { NotaDebitoDetalle } from '../../../domain/contratos/notasDebito';
import { tarifaIva } from '../../../domain/facturas/catalogos';
import { calcularNotaDebito } from '../../../domain/notasDebito/calculo';
import { NotaPagina, TotalesNota, type NotaRegistro } from '../../comprobantes/NotaPagina';
import { CIFRA, PagosDocumento, Seccion } from '../../comprobantes/pagina';
import { dinero } from '../../ui/numeros';
import { NOTA_DEBITO } from './documento';
import { texto } from './textos';

type Registro = NotaRegistro & Pick<NotaDebitoDetalle, 'motivos' | 'pagos'>;

/** Reasons (razón, IVA, value) and payments, beside the totals. */
function Cuerpo({ record }: { record: Registro }) {
  const calculo = calcularNotaDebito(record.motivos);
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(280px, 2fr)' } }}>
      <Box sx={{ display: 'grid', gap: 2, alignContent: 'start', minWidth: 0 }}>
        <Seccion titulo={texto('show.motivos')}>
          {record.motivos.map((m, i) => (
            <Box
              key={i}
              sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.5, borderBottom: 1, borderColor: 'divider' }}
            >
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {m.razon}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {tarifaIva(m.iva)?.nombre ?? m.iva}
                </Typography>
              </Box>
              <Typography variant="body2" sx={CIFRA}>
                {dinero(m.valor)}
              </Typography>
            </Box>
          ))}
        </Seccion>
        <Seccion titulo={texto('show.pagos')}>
          <PagosDocumento pagos={record.pagos} />
        </Seccion>
      </Box>
      <Seccion titulo={texto('show.totales')}>
        <TotalesNota subtotales={calculo.subtotalesIva} subtotal={record.FAC_SUBTOTAL} total={record.FAC_TOTAL} />
      </Seccion>
    </Box>
  );
}

/** A debit note's page: the notes' shared page with its reasons, payments and totals. */
export const NotaDebitoShow = ({ id }: { id?: Identifier }) => (
  <NotaPagina
    id={id}
    documento={NOTA_DEBITO}
    completa={(r) => Array.isArray((r as Registro).motivos)}
    cuerpo={(r) => <Cuerpo record={r as Registro} />}
  />
);
