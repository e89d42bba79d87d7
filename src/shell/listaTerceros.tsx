import { CreateButton, FilterButton, TopToolbar, useCanAccess, useListContext, useTranslate } from 'react-admin';
import type { UploadRule } from '../../domain/archivos';
import { ExportarExcelCsv } from './ExportarMenu';
import { ImportarButton } from './ImportarButton';
import type { ImportarConfig } from './ImportarDialog';
import type { ErrorFila } from './importar';

/**
 * A third parties' book (suppliers, carriers): its react-admin resource, the API path under /api, the code column
 * that stands for `id` and the identification field that names an import's errors; `texto` reads its catalogue.
 */
export type LibretaTerceros = {
  recurso: string;
  clave: string;
  identificacion: string;
  regla: UploadRule;
  texto: (path: string, options?: object) => string;
};

/** The book's import in the shared import dialog: errors named by the identification. */
function useImportar({ recurso, identificacion, regla, texto }: LibretaTerceros): ImportarConfig<ErrorFila & { identificacion: string }> {
  const translate = useTranslate();
  return {
    resource: recurso,
    endpoint: `/api/${recurso}/import`,
    plantilla: `/api/${recurso}/plantilla`,
    plantillaNombre: `plantilla-${recurso}`,
    regla,
    clave: { etiqueta: translate(`resources.${recurso}.fields.${identificacion}`), campo: 'identificacion' },
    textos: {
      titulo: texto('importar.titulo'),
      explicacion: texto('importar.explicacion'),
      archivo: texto('importar.archivo'),
      advertencias: (n) => texto('importar.advertencias', { smart_count: n }),
    },
  };
}

/** Above the book's list: filters, «Crear» and the import for whom may create, and the Excel/CSV export. */
export function AccionesTerceros({ libreta }: { libreta: LibretaTerceros }) {
  const { recurso, clave, texto } = libreta;
  const { canAccess } = useCanAccess({ resource: recurso, action: 'create' });
  const importar = useImportar(libreta);
  return (
    <TopToolbar>
      <FilterButton />
      {canAccess && <CreateButton />}
      {canAccess && <ImportarButton label={texto('importar.boton')} config={importar} />}
      <ExportarExcelCsv path={`/api/${recurso}/exportar`} archivo={recurso} clave={clave} />
    </TopToolbar>
  );
}

/** The selected rows' export. */
export function SeleccionExportar({ libreta }: { libreta: LibretaTerceros }) {
  const { recurso, clave, texto } = libreta;
  const { selectedIds } = useListContext();
  return (
    <ExportarExcelCsv
      path={`/api/${recurso}/exportar`}
      archivo={recurso}
      clave={clave}
      ids={selectedIds}
      label={texto('exportar_seleccion')}
    />
  );
}
