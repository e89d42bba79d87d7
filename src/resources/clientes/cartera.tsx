import { useNotify } from 'react-admin';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import TableViewIcon from '@mui/icons-material/TableView';
import { TRAMOS_CARTERA, type Tramos } from '../../../domain/contratos/cuentas';
import { useAreaDataProvider } from '../../dataProvider/useAreaDataProvider';
import { texto } from './textos';

/**
 * What the aging screen (CarteraPage) and the client's aging panel (CarteraPanel) share: the buckets in order with the
 * balance last, their figures, and the report's two downloads.
 */
const t = (key: string, options?: object) => texto(`cartera.${key}`, options);

type Clave = keyof Tramos;
export const COLUMNAS_TRAMOS: ReadonlyArray<{ clave: Clave; nombre: string }> = [
  ...TRAMOS_CARTERA.map((x) => ({ clave: x.clave, nombre: x.nombre })),
  { clave: 'saldo', nombre: t('saldo') },
];

/** An overdue bucket (not "por vencer", not the balance) that holds money: shown in red. */
export const vencido = (clave: Clave, valor: string) => clave !== 'porVencer' && clave !== 'saldo' && valor !== '0.00';

/** The buckets and the balance as six figures: 2 a row on a phone, 3 on a tablet, 6 on a wide screen. */
export function CifrasTramos({ totales }: { totales: Tramos }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 1,
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))', lg: 'repeat(6, minmax(0, 1fr))' },
      }}
      role="list"
      aria-label={t('titulo')}
    >
      {COLUMNAS_TRAMOS.map(({ clave, nombre }) => {
        const alerta = vencido(clave, totales[clave]);
        return (
          <Paper
            key={clave}
            variant="outlined"
            role="listitem"
            data-tramo={clave}
            sx={{ p: 1.5, minWidth: 0, borderColor: alerta ? 'error.main' : undefined }}
          >
            <Typography variant="caption" color="text.secondary">
              {nombre}
            </Typography>
            <Typography
              variant="h6"
              component="p"
              color={alerta ? 'error' : undefined}
              sx={{ whiteSpace: 'nowrap', fontWeight: clave === 'saldo' ? 700 : undefined }}
            >
              USD {totales[clave]}
            </Typography>
          </Paper>
        );
      })}
    </Box>
  );
}

/** "Descargar PDF" and "Descargar Excel": the report at `path` (…/reporte) as a file named `archivo`.pdf or .xlsx. */
export function DescargasCartera({ path, archivo }: { path: string; archivo: string }) {
  const dataProvider = useAreaDataProvider();
  const notify = useNotify();
  const descargar = (formato: 'pdf' | 'xlsx') =>
    dataProvider.download(`${path}?formato=${formato}`, `${archivo}.${formato}`).catch((e: Error) => notify(e.message, { type: 'error' }));
  return (
    <>
      <Button size="small" variant="outlined" startIcon={<PictureAsPdfIcon />} onClick={() => descargar('pdf')}>
        {t('descargar_pdf')}
      </Button>
      <Button size="small" variant="outlined" startIcon={<TableViewIcon />} onClick={() => descargar('xlsx')}>
        {t('descargar_excel')}
      </Button>
    </>
  );
}
