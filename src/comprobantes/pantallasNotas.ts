/**
 * Both notes' views in one lazy module: each folder's index.ts loads its views from here, so the company area's first
 * chunk carries one preload list and one file name for the eight views instead of one per view (its budget is tight:
 * docs/performance.md). The views arrive together the first time either note type is opened; they are small.
 */
export { NotaCreditoList } from '../resources/notasCredito/NotaCreditoList';
export { NotaCreditoCreate, NotaCreditoEdit } from '../resources/notasCredito/NotaCreditoForm';
export { NotaCreditoShow } from '../resources/notasCredito/NotaCreditoShow';
export { NotaDebitoList } from '../resources/notasDebito/NotaDebitoList';
export { NotaDebitoCreate, NotaDebitoEdit } from '../resources/notasDebito/NotaDebitoForm';
export { NotaDebitoShow } from '../resources/notasDebito/NotaDebitoShow';
