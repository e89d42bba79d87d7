import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Confirm, useDataProvider, useListContext, useNotify, useRefresh, useTranslate, type Identifier } from 'react-admin';
import MuiButton from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import BlockIcon from '@mui/icons-material/Block';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import DownloadIcon from '@mui/icons-material/Download';
import type { AreaDataProvider } from '../../dataProvider/createDataProvider';
import type { AccionLote, Distribuidor, FormatoExportacion, LoteResultado } from '../../../server/modules/empresas/list-contract';

/** Runs a bulk action on the selected companies, then refreshes the list and its counts. */
function useLote() {
  const dataProvider = useDataProvider<AreaDataProvider>();
  const { selectedIds, onUnselectItems } = useListContext();
  const notify = useNotify();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  const run = async (accion: AccionLote, distribuidor?: number | null) => {
    setPending(true);
    try {
      const { msg } = await dataProvider.call<LoteResultado>('/empresas/lote', {
        method: 'PUT',
        body: { ids: selectedIds, accion, ...(accion === 'distribuidor' ? { distribuidor } : {}) },
      });
      notify(msg, { type: 'success' });
      onUnselectItems();
      await queryClient.invalidateQueries({ queryKey: ['empresas', 'resumen'] });
      refresh();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setPending(false);
    }
  };
  return { run, pending, count: selectedIds.length };
}

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

function AsignarDistribuidor({ distribuidores, lote }: { distribuidores: Distribuidor[]; lote: ReturnType<typeof useLote> }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState('');
  const close = () => setOpen(false);
  return (
    <>
      <Button label={translate('resources.empresas.lista.asignar')} onClick={() => setOpen(true)} disabled={lote.pending}>
        <PersonAddIcon />
      </Button>
      <Dialog open={open} onClose={close} fullWidth maxWidth="xs">
        <DialogTitle>{translate('resources.empresas.lista.asignar_titulo', { smart_count: lote.count })}</DialogTitle>
        <DialogContent>
          <TextField
            select
            fullWidth
            margin="dense"
            label={translate('resources.empresas.fields.EMP_DISTRIBUIDOR')}
            value={value}
            onChange={(event) => setValue(event.target.value)}
          >
            <MenuItem value="none">{translate('resources.empresas.lista.quitar_distribuidor')}</MenuItem>
            {distribuidores.map((d) => (
              <MenuItem key={d.ADM_CODIGO} value={String(d.ADM_CODIGO)}>
                {d.ADM_NOMBRE}
              </MenuItem>
            ))}
          </TextField>
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={close}>{translate('ra.action.cancel')}</MuiButton>
          <MuiButton
            variant="contained"
            disabled={!value || lote.pending}
            onClick={async () => {
              close();
              await lote.run('distribuidor', value === 'none' ? null : Number(value));
            }}
          >
            {translate('resources.empresas.lista.asignar')}
          </MuiButton>
        </DialogActions>
      </Dialog>
    </>
  );
}

/** The buttons over the selected rows: activate, suspend (confirmed), assign a distributor (administrators), export. */
export function EmpresaBulkActions({ distribuidores }: { distribuidores?: Distribuidor[] }) {
  const translate = useTranslate();
  const lote = useLote();
  const { selectedIds } = useListContext();
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <Button label={translate('resources.empresas.lista.activar')} onClick={() => lote.run('activar')} disabled={lote.pending}>
        <CheckCircleIcon />
      </Button>
      <Button label={translate('resources.empresas.lista.suspender')} onClick={() => setConfirming(true)} disabled={lote.pending}>
        <BlockIcon />
      </Button>
      <Confirm
        isOpen={confirming}
        title={translate('resources.empresas.lista.suspender')}
        content={translate('resources.empresas.lista.confirmar_suspender', { smart_count: lote.count })}
        onConfirm={async () => {
          setConfirming(false);
          await lote.run('suspender');
        }}
        onClose={() => setConfirming(false)}
      />
      {distribuidores && <AsignarDistribuidor distribuidores={distribuidores} lote={lote} />}
      <ExportarButton ids={selectedIds} label={translate('resources.empresas.lista.exportar_seleccion')} />
    </>
  );
}
