export * from '../../../domain/contratos/proveedoresCuenta';
