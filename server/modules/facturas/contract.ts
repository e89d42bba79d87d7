export * from '../../../domain/contratos/facturas';
