export * from '../../../domain/contratos/retenciones';
