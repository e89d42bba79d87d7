export * from '../../../domain/contratos/transportistas';
