export * from '../../../domain/contratos/catalogo';
