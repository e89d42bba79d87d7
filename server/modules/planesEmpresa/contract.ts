export * from '../../../domain/contratos/planes';
