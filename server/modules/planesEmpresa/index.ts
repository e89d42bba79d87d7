/** The module's public face: its routes for the registry (../index.ts) and what other modules use of it. */
export { default } from './routes';
export {
  consumoSql,
  electronicPlans,
  issuingBlockLocked,
  issuingBlockOf,
  lockPlans,
  payForAuthorized,
  planesBloqueadosSql,
} from './consumption';
export { planAndSignatureNotice } from './plan-notice';
export { latestPlan } from './repo';
export type { PlanDates } from './standing';
