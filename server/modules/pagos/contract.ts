export * from '../../../domain/contratos/pagos';
