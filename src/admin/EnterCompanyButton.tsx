import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import StorefrontIcon from '@mui/icons-material/Storefront';
import { adminSession } from '../authProvider/session';
import { preloadable } from '../ui/preloadable';
import { isDistributor } from '../../domain/perfiles';

const EnterCompanyDialog = preloadable(() => import('./EnterCompanyDialog').then((m) => m.default));

const LABEL = 'Ingresar a una empresa';

/**
 * "Ingresar a una empresa", for a distributor that may enter its companies: in the app bar (an icon on phones) or on
 * the home page with a line that explains it. Anyone else sees nothing.
 */
export function EnterCompanyButton({ place }: { place: 'appBar' | 'home' }) {
  const [open, setOpen] = useState(false);
  const admin = adminSession.get();
  if (!admin || !isDistributor(admin)) return null;
  const show = () => setOpen(true);
  return (
    <>
      {place === 'home' ? (
        <Box sx={{ mt: 2 }}>
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            Para emitir facturas como una de sus empresas, ingrese a ella. Su sesión de administración sigue abierta.
          </Typography>
          <Button variant="contained" startIcon={<StorefrontIcon />} onClick={show}>
            {LABEL}
          </Button>
        </Box>
      ) : (
        <>
          <Button
            color="inherit"
            startIcon={<StorefrontIcon />}
            onClick={show}
            sx={{ display: { xs: 'none', md: 'inline-flex' }, whiteSpace: 'nowrap' }}
          >
            {LABEL}
          </Button>
          <Tooltip title={LABEL}>
            <IconButton color="inherit" aria-label={LABEL} onClick={show} sx={{ display: { xs: 'inline-flex', md: 'none' } }}>
              <StorefrontIcon />
            </IconButton>
          </Tooltip>
        </>
      )}
      {open && <EnterCompanyDialog token={admin.token} onClose={() => setOpen(false)} />}
    </>
  );
}
