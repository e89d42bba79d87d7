import { useListContext, useTranslate } from 'react-admin';
import { AsignarLoteButton } from '../../shell/AsignarLoteButton';
import { ActivarDesactivarLote, useLote, type Lote } from '../../shell/lote';
import { useVendedores } from './catalogos';
import { ClienteExportar } from './ClienteExportar';
import type { LoteAccion } from './tipos';
import { texto } from './textos';

const t = (key: string, options?: object) => texto(`lista.${key}`, options);

/** PUT /api/clientes/lote on the selected clients; the home's counts are read again. */
const useLoteClientes = () =>
  useLote<{ actualizados: number }>('/api/clientes/lote', {
    invalidate: ['clientes', 'total'],
    message: ({ actualizados }) => t('actualizados', { smart_count: actualizados }),
  });

const accion = (lote: Lote, nombre: LoteAccion, extra: Record<string, unknown> = {}) => lote.run({ accion: nombre, ...extra });

function AsignarVendedor({ lote }: { lote: Lote }) {
  const translate = useTranslate();
  const { data: vendedores = [] } = useVendedores();
  return (
    <AsignarLoteButton
      label={t('asignar')}
      title={t('asignar_titulo', { smart_count: lote.count })}
      field={translate('resources.clientes.fields.CLI_VENDEDOR')}
      none={t('sin_vendedor')}
      choices={vendedores.map((v) => ({ id: v.USU_CODIGO, name: v.nombre }))}
      disabled={lote.pending}
      onConfirm={(id) => accion(lote, 'asignarVendedor', { CLI_VENDEDOR: id })}
    />
  );
}

/** Over the selected rows: assign a seller, activate, deactivate (confirmed), export the selection. */
export function ClienteBulkActions() {
  const lote = useLoteClientes();
  const { selectedIds } = useListContext();
  return (
    <>
      <AsignarVendedor lote={lote} />
      <ActivarDesactivarLote
        lote={lote}
        activar={{ label: t('activar'), run: () => accion(lote, 'activar') }}
        desactivar={{
          label: t('desactivar'),
          confirmacion: t('confirmar_desactivar', { smart_count: lote.count }),
          run: () => accion(lote, 'desactivar'),
        }}
      />
      <ClienteExportar ids={selectedIds} label={t('exportar_seleccion')} />
    </>
  );
}
