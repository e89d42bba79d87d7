import { useState } from 'react';
import { Button, useDataProvider, useListContext, useNotify, useTranslate, type Identifier } from 'react-admin';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import DownloadIcon from '@mui/icons-material/Download';
import type { AreaDataProvider } from '../../dataProvider/createDataProvider';
import { AsignarLoteButton } from '../../shell/AsignarLoteButton';
import { ActivarDesactivarLote, useLote, type Lote } from '../../shell/lote';
import type { AccionLote, Distribuidor, FormatoExportacion, LoteResultado } from '../../../server/modules/empresas/list-contract';

/** PUT /empresas/lote on the selected companies; the list's counts are read again. */
const useLoteEmpresas = () => useLote<LoteResultado>('/empresas/lote', { invalidate: ['empresas', 'resumen'], message: ({ msg }) => msg });

const accion = (lote: Lote, nombre: AccionLote, extra: Record<string, unknown> = {}) => lote.run({ accion: nombre, ...extra });

/**
 * Downloads the list as CSV or Excel through the server (the whole filtered list, streamed): with `ids`, only those
 * companies. The token travels in a header (src/http/download.ts).
 */
export function ExportarButton({ ids, label }: { ids?: Identifier[]; label?: string }) {
  const dataProvider = useDataProvider<AreaDataProvider>();
  const { filterValues, sort } = useListContext();
  const translate = useTranslate();
  const notify = useNotify();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [pending, setPending] = useState(false);
  const exportar = async (formato: FormatoExportacion) => {
    setAnchor(null);
    setPending(true);
    const query = new URLSearchParams({
      formato,
      filter: JSON.stringify(ids ? { ...filterValues, id: ids } : filterValues),
      sort: JSON.stringify([sort.field === 'id' ? 'EMP_CODIGO' : sort.field, sort.order]),
    });
    try {
      await dataProvider.download(`/empresas/exportar?${query}`, `empresas.${formato}`);
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setPending(false);
    }
  };
  return (
    <>
      <Button
        label={pending ? translate('resources.empresas.lista.exportando') : (label ?? translate('resources.empresas.lista.exportar'))}
        disabled={pending}
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="menu"
      >
        <DownloadIcon />
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => exportar('csv')}>{translate('resources.empresas.lista.exportar_csv')}</MenuItem>
        <MenuItem onClick={() => exportar('xlsx')}>{translate('resources.empresas.lista.exportar_xlsx')}</MenuItem>
      </Menu>
    </>
  );
}

function AsignarDistribuidor({ distribuidores, lote }: { distribuidores: Distribuidor[]; lote: Lote }) {
  const translate = useTranslate();
  return (
    <AsignarLoteButton
      label={translate('resources.empresas.lista.asignar')}
      title={translate('resources.empresas.lista.asignar_titulo', { smart_count: lote.count })}
      field={translate('resources.empresas.fields.EMP_DISTRIBUIDOR')}
      none={translate('resources.empresas.lista.quitar_distribuidor')}
      choices={distribuidores.map((d) => ({ id: d.ADM_CODIGO, name: d.ADM_NOMBRE }))}
      disabled={lote.pending}
      onConfirm={(id) => accion(lote, 'distribuidor', { distribuidor: id })}
    />
  );
}

/** The buttons over the selected rows: activate, suspend (confirmed), assign a distributor (administrators), export. */
export function EmpresaBulkActions({ distribuidores }: { distribuidores?: Distribuidor[] }) {
  const translate = useTranslate();
  const lote = useLoteEmpresas();
  const { selectedIds } = useListContext();
  return (
    <>
      <ActivarDesactivarLote
        lote={lote}
        activar={{ label: translate('resources.empresas.lista.activar'), run: () => accion(lote, 'activar') }}
        desactivar={{
          label: translate('resources.empresas.lista.suspender'),
          confirmacion: translate('resources.empresas.lista.confirmar_suspender', { smart_count: lote.count }),
          run: () => accion(lote, 'suspender'),
        }}
      />
      {distribuidores && <AsignarDistribuidor distribuidores={distribuidores} lote={lote} />}
      <ExportarButton ids={selectedIds} label={translate('resources.empresas.lista.exportar_seleccion')} />
    </>
  );
}
