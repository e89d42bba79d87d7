export * from '../../../domain/contratos/soporte';
