export * from '../../../domain/contratos/menus';
