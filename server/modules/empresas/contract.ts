export * from '../../../domain/contratos/empresas';
export * from '../../../domain/contratos/mi-empresa';
