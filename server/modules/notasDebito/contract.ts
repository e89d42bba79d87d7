export * from '../../../domain/contratos/notasDebito';
