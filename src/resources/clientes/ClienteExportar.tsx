import type { Identifier } from 'react-admin';
import { ExportarMenu } from '../../shell/ExportarMenu';
import { texto } from './textos';

export type FormatoReporte = 'xlsx' | 'pdf';

/** Exportar: the filtered list (or the selected rows) as Excel or PDF, from GET /api/clientes/reporte. */
export function ClienteExportar({ ids, label }: { ids?: Identifier[]; label?: string }) {
  const t = (key: string) => texto(`lista.${key}`);
  return (
    <ExportarMenu<FormatoReporte>
      path="/api/clientes/reporte"
      archivo="clientes"
      clave="CLI_CODIGO"
      formatos={[
        { formato: 'xlsx', label: t('exportar_xlsx') },
        { formato: 'pdf', label: t('exportar_pdf') },
      ]}
      label={label ?? t('exportar')}
      preparando={t('exportando')}
      ids={ids}
    />
  );
}
