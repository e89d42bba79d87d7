export * from '../../../domain/contratos/usuarios';
