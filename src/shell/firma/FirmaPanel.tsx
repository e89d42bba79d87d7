import { useState } from 'react';
import { useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import type { FirmaComprobada, FirmasEmpresa } from '../../../domain/contratos/firmas';
import { FirmaCard } from './FirmaCard';
import { FirmaHistorial } from './FirmaHistorial';
import { FirmaUploadForm } from './FirmaUploadForm';
import { useAreaDataProvider } from '../../dataProvider/useAreaDataProvider';

type Props = {
  /** GET: the current signature and the replaced ones; POST: store a new one (/empresas/firma/{id} or /firma). */
  path: string;
  /** POST: check without storing (/empresas/firmaComprobar or /firmaComprobar). */
  checkPath: string;
  checkFields?: Record<string, string>;
  /** The queries that show the signature elsewhere on the page (the company's header, its home), read again after a save. */
  showsSignature: QueryKey[];
};

type Outcome = { msg: string; advertencias: string[]; comprobada?: FirmaComprobada };

/**
 * A company's electronic signature, the same for the administrator's firma tab and the company's own page: the one in
 * use, the form to check or replace it, what the last check or upload said, and the replaced ones.
 */
export function FirmaPanel({ path, checkPath, checkFields, showsSignature }: Props) {
  const dataProvider = useAreaDataProvider();
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const queryKey = ['firmas', path];
  // When the menu does not grant the page, react-admin's dataProvider proxy answers the refused call with `{ data: {} }`
  // while it redirects to the no-access page: that answer has no signature lists, and this render must not break.
  const { data, error, isPending } = useQuery({
    queryKey,
    queryFn: async () => {
      const answer = await dataProvider.call<Partial<FirmasEmpresa>>(path);
      return Array.isArray(answer.anteriores) ? (answer as FirmasEmpresa) : null;
    },
  });
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      {error && <Alert severity="error">{error.message}</Alert>}
      {isPending && <LinearProgress aria-label={translate('ra.page.loading')} />}
      {outcome && (
        <Box role="status" sx={{ display: 'grid', gap: 1 }}>
          <Alert severity="success">{outcome.msg}</Alert>
          {outcome.advertencias.length > 0 && (
            <Alert severity="warning">
              <AlertTitle>{translate('amelia.firma.advertencias')}</AlertTitle>
              {outcome.advertencias.map((text) => (
                <div key={text}>{text}</div>
              ))}
            </Alert>
          )}
        </Box>
      )}
      {outcome?.comprobada && <FirmaCard id="firma-comprobada" title={translate('amelia.firma.comprobada')} firma={outcome.comprobada} />}
      {data &&
        (data.actual ? (
          <FirmaCard id="firma-actual" title={translate('amelia.firma.actual')} firma={data.actual} />
        ) : (
          <Alert severity="info">{translate('amelia.firma.sin_firma')}</Alert>
        ))}
      <FirmaUploadForm
        uploadPath={path}
        checkPath={checkPath}
        checkFields={checkFields}
        replacing={Boolean(data?.actual)}
        onChecked={(comprobada) => setOutcome({ msg: comprobada.msg, advertencias: comprobada.advertencias, comprobada })}
        onSaved={(saved) => {
          setOutcome({ msg: saved.msg, advertencias: saved.advertencias });
          for (const key of [queryKey, ...showsSignature]) void queryClient.invalidateQueries({ queryKey: key });
        }}
      />
      {data?.anteriores && <FirmaHistorial firmas={data.anteriores} />}
    </Box>
  );
}
