import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { MensajeSri } from '../../domain/contratos/facturas';
import { textoComun } from './textos';

const t = (key: string, options?: object) => textoComun(`sri.${key}`, options);

/**
 * The SRI's messages, each with what to do first (`ayuda`, when the server knows the message), then the SRI's own
 * words, its code and additional information.
 */
export function MensajesSri({ mensajes }: { mensajes: MensajeSri[] }) {
  if (mensajes.length === 0) return <Typography variant="body2">{t('sin_mensajes')}</Typography>;
  return (
    <Box component="ul" aria-label={t('mensajes')} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
      {mensajes.map((m, i) => (
        <Box
          component="li"
          key={i}
          data-identificador={m.identificador}
          sx={{ borderLeft: 3, borderColor: m.tipo === 'ERROR' ? 'error.main' : 'warning.main', pl: 1.5, minWidth: 0 }}
        >
          {m.ayuda && (
            <Typography variant="body1" fontWeight={600} sx={{ overflowWrap: 'anywhere' }} data-ayuda>
              {t('que_hacer')} {m.ayuda}
            </Typography>
          )}
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {m.mensaje}
            <Typography component="span" variant="body2" color="text.secondary">
              {' · '}
              {t('codigo', { codigo: m.identificador })}
            </Typography>
          </Typography>
          {m.informacionAdicional && (
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {m.informacionAdicional}
            </Typography>
          )}
        </Box>
      ))}
    </Box>
  );
}
