export * from '../../../domain/contratos/clientes';
