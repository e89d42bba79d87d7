import { FirmaPanel } from '../../shell/firma/FirmaPanel';

/**
 * The firma tab of a company page: its signature, checked against the company's RUC, with the replaced ones. A new
 * signature also changes the page's header (the signature chip and its holder): react-admin's record is read again.
 */
export function FirmaTab({ empresa, ruc }: { empresa: number; ruc: string }) {
  return (
    <FirmaPanel
      path={`/empresas/firma/${empresa}`}
      checkPath="/empresas/firmaComprobar"
      checkFields={{ ruc }}
      showsSignature={[['empresas', 'getOne']]}
    />
  );
}
