export * from '../../../domain/contratos/empresas';
