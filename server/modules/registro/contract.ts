export * from '../../../domain/contratos/registro';
