export * from '../../../domain/contratos/perfiles';
