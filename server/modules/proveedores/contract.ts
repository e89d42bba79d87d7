export * from '../../../domain/contratos/proveedores';
