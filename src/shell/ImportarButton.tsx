import { useState } from 'react';
import { Button } from 'react-admin';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { ImportarDialog, type ImportarConfig } from './ImportarDialog';
import type { ErrorFila } from './importar';

/** A list toolbar's Importar button (`label`) and the import dialog it opens. */
export function ImportarButton<E extends ErrorFila>({ label, config }: { label: string; config: ImportarConfig<E> }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button label={label} onClick={() => setOpen(true)}>
        <UploadFileIcon />
      </Button>
      <ImportarDialog open={open} onClose={() => setOpen(false)} config={config} />
    </>
  );
}
