import type { RaRecord } from 'react-admin';
import Box from '@mui/material/Box';
import { dinero } from '../../ui/numeros';
import { ListaCompra } from './ListaCompra';
import { RETENCION } from './documento';
import { texto } from './textos';

const campo = (source: string) => texto(`campos.${source}`);

const COLUMNAS = [
  {
    source: 'DOCUMENTOS',
    label: campo('DOCUMENTOS'),
    render: (r: RaRecord) => (
      <Box component="span" sx={{ display: 'block', maxWidth: 240, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
        {r.DOCUMENTOS}
      </Box>
    ),
  },
  { source: 'FAC_SUBTOTAL', label: campo('FAC_SUBTOTAL'), render: (r: RaRecord) => dinero(r.FAC_SUBTOTAL), cifra: true },
  { source: 'FAC_IVA', label: campo('FAC_IVA'), render: (r: RaRecord) => dinero(r.FAC_IVA), cifra: true },
];

/** The company's retenciones: the purchase documents' list with their documents, renta and IVA withheld. */
export const RetencionList = () => (
  <ListaCompra
    documento={RETENCION}
    columnas={COLUMNAS}
    cifras={['renta', 'iva', 'total']}
    secundario={(r) => String(r.DOCUMENTOS ?? '')}
  />
);
