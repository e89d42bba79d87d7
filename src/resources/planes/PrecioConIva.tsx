import { useWatch } from 'react-hook-form';
import { useTranslate } from 'react-admin';
import Typography from '@mui/material/Typography';
import { conIva, PRECIO } from '../../../domain/planes';
import { leerNumero, usd } from '../../ui/numeros';

/** The IVA and the total of the price being typed (`field` of the form), or nothing while it is not a valid price. */
export function PrecioConIva({ field }: { field: string }) {
  const translate = useTranslate();
  const precio = leerNumero(String(useWatch({ name: field }) ?? '')) ?? '';
  if (!PRECIO.test(precio)) return null;
  const { iva, total } = conIva(precio);
  return (
    <Typography variant="body2" color="text.secondary" aria-live="polite" sx={{ mb: 2 }}>
      {translate('resources.planes.con_iva', { iva: usd(iva), total: usd(total) })}
    </Typography>
  );
}
