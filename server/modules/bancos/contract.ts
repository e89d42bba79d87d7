export * from '../../../domain/contratos/bancos';
