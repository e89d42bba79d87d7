import { useState } from 'react';
import { Button, useTranslate } from 'react-admin';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { IMPORTACION_CLIENTES } from '../../../domain/clientes';
import { ImportarDialog, ImportarResumen, type ImportarConfig } from '../../shell/ImportarDialog';
import type { ImportResultado } from './tipos';
import { texto } from './textos';

type ErrorCliente = ImportResultado['errores'][number];

/** The clients' import in the shared import dialog (src/shell/ImportarDialog.tsx). */
function useConfig(): ImportarConfig<ErrorCliente> {
  const translate = useTranslate();
  return {
    resource: 'clientes',
    endpoint: '/api/clientes/import',
    plantilla: '/api/clientes/import/plantilla',
    plantillaNombre: 'plantilla-clientes',
    regla: IMPORTACION_CLIENTES,
    clave: { etiqueta: translate('resources.clientes.fields.CLI_IDENTIFICACION'), campo: 'identificacion' },
    textos: {
      titulo: texto('importar.titulo'),
      explicacion: texto('importar.explicacion'),
      archivo: texto('importar.archivo'),
      advertencias: (n) => texto('importar.advertencias', { smart_count: n }),
    },
  };
}

export function ClienteImportarDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return <ImportarDialog open={open} onClose={onClose} config={useConfig()} />;
}

/** The summary of a clients' import (created, updated, with warnings and rejected rows). */
export function ImportResumen({ result }: { result: ImportResultado }) {
  const { clave, textos } = useConfig();
  return <ImportarResumen result={result} clave={clave} advertencias={textos.advertencias} />;
}

/** The list toolbar's Importar button and its dialog. */
export function ClienteImportarButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button label={texto('importar.boton')} onClick={() => setOpen(true)}>
        <UploadFileIcon />
      </Button>
      <ClienteImportarDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
