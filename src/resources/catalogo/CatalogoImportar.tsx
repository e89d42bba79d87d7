import { useTranslate } from 'react-admin';
import { IMPORTACION_CATALOGO } from '../../../domain/catalogoImportacion';
import type { ImportarConfig } from '../../shell/ImportarDialog';
import { ImportarButton } from '../../shell/ImportarButton';

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

/** The list toolbar's Importar button and its dialog. */
export function CatalogoImportarButton() {
  const translate = useTranslate();
  return <ImportarButton label={translate('resources.catalogo.importar.boton')} config={useConfig()} />;
}
