import { Title } from 'react-admin';
import Box from '@mui/material/Box';
import { FirmaPanel } from '../shell/firma/FirmaPanel';

/** The company's own electronic signature (#/firma, menu 104): the one in use, uploading or checking a new one, and the replaced ones. */
export function FirmaPage() {
  return (
    <Box sx={{ mt: 2, maxWidth: 960 }}>
      <Title title="amelia.paginas.firma" />
      <FirmaPanel path="/firma" checkPath="/firmaComprobar" showsSignature={[['miEmpresa']]} />
    </Box>
  );
}
