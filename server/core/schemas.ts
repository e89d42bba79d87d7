export * from '../../domain/contratos/esquemas';
