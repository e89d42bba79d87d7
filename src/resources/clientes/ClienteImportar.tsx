import { useTranslate } from 'react-admin';
import { IMPORTACION_CLIENTES } from '../../../domain/clientes';
import { ImportarResumen, type ImportarConfig } from '../../shell/ImportarDialog';
import { ImportarButton } from '../../shell/ImportarButton';
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

/** The summary of a clients' import (created, updated, with warnings and rejected rows). */
export function ImportResumen({ result }: { result: ImportResultado }) {
  const { clave, textos } = useConfig();
  return <ImportarResumen result={result} clave={clave} advertencias={textos.advertencias} />;
}

/** The list toolbar's Importar button and its dialog. */
export function ClienteImportarButton() {
  return <ImportarButton label={texto('importar.boton')} config={useConfig()} />;
}
