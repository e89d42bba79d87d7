export * from '../../../domain/contratos/guiasRemision';
