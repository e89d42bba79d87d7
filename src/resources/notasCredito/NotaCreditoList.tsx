import { NotasLista } from '../../comprobantes/NotasLista';
import { NOTA_CREDITO } from './documento';

/** The company's credit notes: the notes' shared list. */
export const NotaCreditoList = () => <NotasLista documento={NOTA_CREDITO} />;
