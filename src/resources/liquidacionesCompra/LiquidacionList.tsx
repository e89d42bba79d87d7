import type { RaRecord } from 'react-admin';
import { dinero } from '../../ui/numeros';
import { ListaCompra } from '../retenciones/ListaCompra';
import { LIQUIDACION } from './documento';
import { texto } from './textos';

const COLUMNAS = [
  { source: 'FAC_SUBTOTAL', label: texto('campos.FAC_SUBTOTAL'), render: (r: RaRecord) => dinero(r.FAC_SUBTOTAL), cifra: true },
  { source: 'FAC_IVA', label: texto('campos.FAC_IVA'), render: (r: RaRecord) => dinero(r.FAC_IVA), cifra: true },
];

/** The company's liquidaciones de compra: the purchase documents' list with their subtotal and IVA. */
export const LiquidacionList = () => <ListaCompra documento={LIQUIDACION} columnas={COLUMNAS} />;
