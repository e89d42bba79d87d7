export * from '../../../domain/contratos/asesores';
