export * from '../../../domain/contratos/notasCredito';
