export * from '../../../domain/contratos/productos';
