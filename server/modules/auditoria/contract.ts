export * from '../../../domain/contratos/auditoria';
