/**
 * The retenciones' and the liquidaciones de compra's views in one lazy module: they arrive together the first time
 * either is opened (a liquidación's «Retener» opens a retención), and the company area's first chunk carries one
 * preload list for both (its budget is tight: docs/performance.md).
 */
export { RetencionList } from './RetencionList';
export { RetencionCreate, RetencionEdit } from './RetencionForm';
export { RetencionShow } from './RetencionShow';
export { LiquidacionList } from '../liquidacionesCompra/LiquidacionList';
export { LiquidacionCreate, LiquidacionEdit } from '../liquidacionesCompra/LiquidacionForm';
export { LiquidacionShow } from '../liquidacionesCompra/LiquidacionShow';
