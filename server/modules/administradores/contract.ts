export * from '../../../domain/contratos/administradores';
