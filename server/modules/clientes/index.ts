/** The module's public face: its routes for the registry (../index.ts) and what other modules use of it. */
export { default } from './routes';
export { clientScope, clientScopeValues, findVisibleClient, type ClientViewer } from './access';
export { SORTS, clientListSpec, clientQuery, clientSearch, identityColumns } from './repo';
export { clientePorIdentificacion, olvidarCliente } from './receptor';
