import { TextInput } from 'react-admin';
import { useFieldArray } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { LIMITES_FACTURA } from '../../../domain/facturas';
import { useCalculo } from './calculo';
import { texto } from './textos';

const c = (key: string) => texto(`columnas.${key}`);
const pequeno = { size: 'small', variant: 'outlined', helperText: false, margin: 'none' } as const;

/**
 * Información adicional: the buyer's address and email come from the client's record (the XML and the RIDE print
 * them first, as Ecuadorian invoices do); below, the free fields the user adds (order number, seller...).
 */
export function AdicionalInput() {
  const { fields, append, remove } = useFieldArray({ name: 'FAC_ADICIONAL' });
  const { comprador } = useCalculo();
  const delComprador = [
    comprador?.CLI_DIRECCION ? { nombre: 'Dirección', valor: comprador.CLI_DIRECCION } : null,
    comprador?.CLI_CORREOS?.length ? { nombre: 'Email', valor: comprador.CLI_CORREOS.join(', ') } : null,
  ].filter((x): x is { nombre: string; valor: string } => x !== null);
  const libres = LIMITES_FACTURA.camposAdicionales - delComprador.length;
  return (
    <Box component="section" aria-label={texto('form.adicional')} sx={{ minWidth: 0 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {texto('form.adicional')}
      </Typography>
      {delComprador.map((campo) => (
        <Box key={campo.nombre} sx={{ display: 'flex', gap: 1, mb: 0.5, minWidth: 0 }} data-adicional-comprador={campo.nombre}>
          <Typography variant="body2" color="text.secondary" sx={{ flex: '0 0 90px' }}>
            {campo.nombre}
          </Typography>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
            {campo.valor}
          </Typography>
        </Box>
      ))}
      <Box sx={{ display: 'grid', gap: 1, mt: 1 }}>
        {fields.map((field, indice) => {
          const numero = indice + 1;
          return (
            <Box
              key={field.id}
              sx={{ display: 'grid', gap: 1, alignItems: 'center', gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 3fr) 40px' }}
            >
              <TextInput
                source={`FAC_ADICIONAL.${indice}.nombre`}
                label={c('nombre')}
                {...pequeno}
                slotProps={{ htmlInput: { maxLength: LIMITES_FACTURA.texto } }}
                sx={{ m: 0 }}
              />
              <TextInput
                source={`FAC_ADICIONAL.${indice}.valor`}
                label={c('dato')}
                {...pequeno}
                slotProps={{ htmlInput: { maxLength: LIMITES_FACTURA.texto } }}
                sx={{ m: 0 }}
              />
              <IconButton onClick={() => remove(indice)} aria-label={texto('form.quitar_campo', { numero })} size="small">
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Box>
          );
        })}
      </Box>
      <Button startIcon={<AddIcon />} onClick={() => append({ nombre: '', valor: '' })} disabled={fields.length >= libres} sx={{ mt: 1 }}>
        {texto('form.agregar_campo')}
      </Button>
    </Box>
  );
}
