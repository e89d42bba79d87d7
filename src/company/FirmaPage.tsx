import { Title } from 'react-admin';
import Box from '@mui/material/Box';
import { FirmaPanel } from '../shell/firma/FirmaPanel';

/** Route of the company's "Firma electrónica" page (menu 104, MEN_RUTA 'firma'). */
export const FIRMA_ROUTE = '/firma';

/** The company's own electronic signature: the one in use, uploading or checking a new one, and the replaced ones. */
export function FirmaPage() {
  return (
    <Box sx={{ mt: 2, maxWidth: 960 }}>
      <Title title="amelia.paginas.firma" />
      <FirmaPanel path="/firma" checkPath="/firmaComprobar" showsSignature={[['miEmpresa']]} />
    </Box>
  );
}
