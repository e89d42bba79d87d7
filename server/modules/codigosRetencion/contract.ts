export * from '../../../domain/contratos/codigosRetencion';
