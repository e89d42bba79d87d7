import { useState } from 'react';
import { Button, useListContext, type Identifier } from 'react-admin';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import DownloadIcon from '@mui/icons-material/Download';
import { useAreaDataProvider } from '../dataProvider/useAreaDataProvider';
import { useAccion } from './useAccion';
import type { FormatoExportacion } from '../../domain/contratos/lista';

/**
 * A list's export: a menu of formats; the chosen one downloads `path?formato&filter&sort` with the list's filter and
 * order (only `ids` when given), generated and streamed by the server. The token travels in a header
 * (src/http/download.ts).
 */
export function ExportarMenu<F extends string>(props: {
  path: string;
  archivo: string;
  /** The sort field that stands for react-admin's `id`. */
  clave: string;
  formatos: ReadonlyArray<{ formato: F; label: string }>;
  label: string;
  preparando: string;
  ids?: Identifier[];
}) {
  const { path, archivo, clave, formatos, label, preparando, ids } = props;
  const dataProvider = useAreaDataProvider();
  const { filterValues, sort } = useListContext();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { pending, run } = useAccion();
  const exportar = (formato: F) => {
    setAnchor(null);
    const query = new URLSearchParams({
      formato,
      filter: JSON.stringify(ids ? { ...filterValues, id: ids } : filterValues),
      sort: JSON.stringify([sort.field === 'id' ? clave : sort.field, sort.order]),
    });
    return run(() => dataProvider.download(`${path}?${query}`, `${archivo}.${formato}`));
  };
  return (
    <>
      <Button
        label={pending ? preparando : label}
        disabled={pending}
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="menu"
      >
        <DownloadIcon />
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {formatos.map(({ formato, label: nombre }) => (
          <MenuItem key={formato} onClick={() => exportar(formato)}>
            {nombre}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

const EXCEL_CSV: ReadonlyArray<{ formato: FormatoExportacion; label: string }> = [
  { formato: 'xlsx', label: 'Excel (.xlsx)' },
  { formato: 'csv', label: 'CSV (.csv)' },
];

/** The export of a list the server streams as Excel or CSV (server/core/export.ts), with the usual texts. */
export function ExportarExcelCsv(props: { path: string; archivo: string; clave: string; ids?: Identifier[]; label?: string }) {
  const { label = 'Exportar', ...rest } = props;
  return <ExportarMenu formatos={EXCEL_CSV} label={label} preparando="Preparando el archivo…" {...rest} />;
}
