export * from '../../../domain/contratos/sesion';
