export * from '../../../domain/contratos/firmas';
