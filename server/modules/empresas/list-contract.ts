export * from '../../../domain/contratos/empresas-lista';
