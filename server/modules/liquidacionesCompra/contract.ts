export * from '../../../domain/contratos/liquidacionesCompra';
