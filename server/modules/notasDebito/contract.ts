export * from '../../../domain/contratos/notasDebito';
export { ErroresFactura } from '../../../domain/contratos/facturas';
