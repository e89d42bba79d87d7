import { useState } from 'react';
import { Button, useTranslate } from 'react-admin';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { IMPORTACION_CATALOGO } from '../../../domain/catalogoImportacion';
import { ImportarDialog, type ImportarConfig } from '../../shell/ImportarDialog';

type ErrorProducto = { linea: number; codigo: string; motivo: string };

/** The catalogue's import in the shared import dialog: errors named by the main code. */
function useConfig(): ImportarConfig<ErrorProducto> {
  const translate = useTranslate();
  const t = (key: string) => translate(`resources.catalogo.importar.${key}`);
  return {
    resource: 'catalogo',
    endpoint: '/api/catalogo/import',
    plantilla: '/api/catalogo/plantilla',
    plantillaNombre: 'plantilla-productos',
    regla: IMPORTACION_CATALOGO,
    clave: { etiqueta: translate('resources.catalogo.fields.CAT_PRINCIPAL'), campo: 'codigo' },
    textos: { titulo: t('titulo'), explicacion: t('explicacion'), archivo: t('archivo') },
  };
}

export function ProductoImportarDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return <ImportarDialog open={open} onClose={onClose} config={useConfig()} />;
}

/** The list toolbar's Importar button and its dialog. */
export function ProductoImportarButton() {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button label={translate('resources.catalogo.importar.boton')} onClick={() => setOpen(true)}>
        <UploadFileIcon />
      </Button>
      <ProductoImportarDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
