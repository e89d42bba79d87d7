import { useTranslate } from 'react-admin';
import Box from '@mui/material/Box';
import { Dato } from '../../shell/Dato';

/** What a client's, a supplier's and a carrier's data cards show alike: the contact data and the observation. */

type Props = {
  recurso: 'clientes' | 'proveedores' | 'transportistas';
  prefijo: 'CLI' | 'PRV' | 'TRA';
  record: Record<string, unknown>;
  ninguno: string;
};

const useCampo = (recurso: string, prefijo: string) => {
  const translate = useTranslate();
  return (campo: string) => translate(`resources.${recurso}.fields.${prefijo}_${campo}`);
};

/** The emails, the phones and the address, or "Sin registrar". */
export function ContactoDatos({ recurso, prefijo, record, ninguno }: Props) {
  const f = useCampo(recurso, prefijo);
  const lista = (campo: string) => record[`${prefijo}_${campo}`] as string[];
  return (
    <>
      <Dato label={f('CORREOS')}>{lista('CORREOS').length ? lista('CORREOS').join(', ') : ninguno}</Dato>
      <Dato label={f('TELEFONOS')}>{lista('TELEFONOS').length ? lista('TELEFONOS').join(', ') : ninguno}</Dato>
      <Dato label={f('DIRECCION')}>{(record[`${prefijo}_DIRECCION`] as string | null) || ninguno}</Dato>
    </>
  );
}

/** The observation across the card, with its line breaks, when there is one. */
export function ObservacionDato({ recurso, prefijo, record }: Omit<Props, 'ninguno'>) {
  const f = useCampo(recurso, prefijo);
  const observacion = record[`${prefijo}_OBSERVACION`] as string | null;
  if (!observacion) return null;
  return (
    <Box sx={{ gridColumn: '1 / -1' }}>
      <Dato label={f('OBSERVACION')}>
        <Box component="span" sx={{ whiteSpace: 'pre-wrap' }}>
          {observacion}
        </Box>
      </Dato>
    </Box>
  );
}
