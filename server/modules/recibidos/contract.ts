export * from '../../../domain/contratos/recibidos';
