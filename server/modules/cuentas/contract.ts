export * from '../../../domain/contratos/cuentas';
