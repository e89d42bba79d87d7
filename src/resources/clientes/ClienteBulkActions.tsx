import { useState } from 'react';
import { Button, Confirm, useDataProvider, useListContext, useNotify, useRefresh, useTranslate } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import MuiButton from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import BlockIcon from '@mui/icons-material/Block';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import type { AreaDataProvider } from '../../dataProvider/createDataProvider';
import { useVendedores } from './catalogos';
import { ClienteExportar } from './ClienteExportar';
import type { LoteAccion } from './tipos';
import { texto } from './textos';

/** PUT /api/clientes/lote on the selected clients, then the list and the home's counts are read again. */
export function useLote() {
  const dataProvider = useDataProvider<AreaDataProvider>();
  const { selectedIds, onUnselectItems } = useListContext();
  const notify = useNotify();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  const run = async (accion: LoteAccion, CLI_VENDEDOR?: number | null) => {
    setPending(true);
    try {
      const { actualizados } = await dataProvider.call<{ actualizados: number }>('/api/clientes/lote', {
        method: 'PUT',
        body: { ids: selectedIds, accion, ...(accion === 'asignarVendedor' ? { CLI_VENDEDOR } : {}) },
      });
      notify(texto('lista.actualizados', { smart_count: actualizados }), { type: 'success' });
      onUnselectItems();
      await queryClient.invalidateQueries({ queryKey: ['clientes', 'total'] });
      refresh();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setPending(false);
    }
  };
  return { run, pending, count: selectedIds.length };
}

function AsignarVendedor({ lote }: { lote: ReturnType<typeof useLote> }) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => texto(`lista.${key}`, options);
  const { data: vendedores = [] } = useVendedores();
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState('');
  const close = () => setOpen(false);
  return (
    <>
      <Button label={t('asignar')} onClick={() => setOpen(true)} disabled={lote.pending}>
        <PersonAddIcon />
      </Button>
      <Dialog open={open} onClose={close} fullWidth maxWidth="xs" aria-labelledby="asignar-vendedor-titulo">
        <DialogTitle id="asignar-vendedor-titulo">{t('asignar_titulo', { smart_count: lote.count })}</DialogTitle>
        <DialogContent>
          <TextField
            select
            fullWidth
            margin="dense"
            label={translate('resources.clientes.fields.CLI_VENDEDOR')}
            value={value}
            onChange={(event) => setValue(event.target.value)}
          >
            <MenuItem value="none">{t('sin_vendedor')}</MenuItem>
            {vendedores.map((v) => (
              <MenuItem key={v.USU_CODIGO} value={String(v.USU_CODIGO)}>
                {v.nombre}
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
              await lote.run('asignarVendedor', value === 'none' ? null : Number(value));
            }}
          >
            {t('asignar')}
          </MuiButton>
        </DialogActions>
      </Dialog>
    </>
  );
}

/** Over the selected rows: assign a seller, activate, deactivate (confirmed), export the selection. */
export function ClienteBulkActions() {
  const t = (key: string, options?: object) => texto(`lista.${key}`, options);
  const lote = useLote();
  const { selectedIds } = useListContext();
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <AsignarVendedor lote={lote} />
      <Button label={t('activar')} onClick={() => lote.run('activar')} disabled={lote.pending}>
        <CheckCircleIcon />
      </Button>
      <Button label={t('desactivar')} onClick={() => setConfirming(true)} disabled={lote.pending}>
        <BlockIcon />
      </Button>
      <Confirm
        isOpen={confirming}
        title={t('desactivar')}
        content={t('confirmar_desactivar', { smart_count: lote.count })}
        onConfirm={async () => {
          setConfirming(false);
          await lote.run('desactivar');
        }}
        onClose={() => setConfirming(false)}
      />
      <ClienteExportar ids={selectedIds} label={t('exportar_seleccion')} />
    </>
  );
}
