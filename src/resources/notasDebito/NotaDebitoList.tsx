import { NotasLista } from '../../comprobantes/NotasLista';
import { NOTA_DEBITO } from './documento';

/** The company's debit notes: the notes' shared list. */
export const NotaDebitoList = () => <NotasLista documento={NOTA_DEBITO} />;
