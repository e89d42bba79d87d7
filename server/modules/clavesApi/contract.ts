export * from '../../../domain/contratos/clavesApi';
