export * from '../../../domain/contratos/equipo';
