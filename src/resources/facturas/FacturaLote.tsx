import { useState, type ReactElement } from 'react';
import { Button, Confirm, useCanAccess, useListContext, type Identifier } from 'react-admin';
import ArchiveIcon from '@mui/icons-material/Archive';
import DeleteIcon from '@mui/icons-material/Delete';
import ForwardToInboxIcon from '@mui/icons-material/ForwardToInbox';
import { useAreaDataProvider } from '../../dataProvider/useAreaDataProvider';
import { ExportarExcelCsv } from '../../shell/ExportarMenu';
import { useLote } from '../../shell/lote';
import { useAccion } from '../../shell/useAccion';
import { lectorDeTextos } from '../../i18n/textos';
import type { ResultadoCorreoLote, ResultadoEliminarLote } from '../../../domain/contratos/facturas';

const t = lectorDeTextos({
  exportar_seleccion: 'Exportar selección',
  correo: 'Enviar por correo',
  correo_titulo: 'Enviar por correo',
  correo_confirmar:
    '¿Enviar otra vez por correo la factura seleccionada a su comprador? |||| ¿Enviar otra vez por correo las %{smart_count} facturas seleccionadas a sus compradores? Solo se envían las autorizadas.',
  zip: 'Descargar XML y RIDE',
  zip_preparando: 'Preparando el ZIP...',
  eliminar: 'Eliminar borradores',
  eliminar_titulo: 'Eliminar borradores',
  eliminar_confirmar:
    '¿Eliminar el borrador seleccionado? No se puede deshacer. |||| ¿Eliminar los %{smart_count} borradores seleccionados? No se puede deshacer. Si alguna factura ya fue emitida, no se elimina ninguna.',
});

/** Downloads the list with its filters and order (only `ids` when given) as CSV or Excel, from GET /api/facturas/exportar. */
export function FacturaExportar({ ids, label }: { ids?: Identifier[]; label?: string }) {
  return <ExportarExcelCsv path="/api/facturas/exportar" archivo="facturas" clave="FAC_CODIGO" ids={ids} label={label} />;
}

/** A bulk action's button that asks first; the action runs once confirmed. */
function Confirmado(props: {
  label: string;
  titulo: string;
  pregunta: string;
  icono: ReactElement;
  disabled: boolean;
  run: () => Promise<void>;
}) {
  const { label, titulo, pregunta, icono, disabled, run } = props;
  const [abierto, setAbierto] = useState(false);
  return (
    <>
      <Button label={label} onClick={() => setAbierto(true)} disabled={disabled}>
        {icono}
      </Button>
      <Confirm
        isOpen={abierto}
        title={titulo}
        content={pregunta}
        onConfirm={async () => {
          setAbierto(false);
          await run();
        }}
        onClose={() => setAbierto(false)}
      />
    </>
  );
}

/** The selected authorized invoices' XML and RIDE in one ZIP (GET /api/facturas/lote/zip). */
function DescargarZip() {
  const dataProvider = useAreaDataProvider();
  const { selectedIds } = useListContext();
  const { pending, run } = useAccion();
  const descargar = () =>
    run(() => dataProvider.download(`/api/facturas/lote/zip?${new URLSearchParams({ ids: selectedIds.join(',') })}`, 'facturas.zip'));
  return (
    <Button label={pending ? t('zip_preparando') : t('zip')} onClick={descargar} disabled={pending}>
      <ArchiveIcon />
    </Button>
  );
}

/**
 * Over the selected invoices: email the authorized ones to their buyers again, download their XML and RIDE as a ZIP,
 * delete drafts (for the roles that sell; all or none), export the selection. The server's answer is the notice.
 */
export function FacturaBulkActions() {
  const { selectedIds } = useListContext();
  const { canAccess: vende } = useCanAccess({ resource: 'facturas', action: 'delete' });
  const correo = useLote<ResultadoCorreoLote>('/api/facturas/lote/correo', {
    method: 'POST',
    invalidate: ['facturas'],
    message: ({ msg }) => msg,
  });
  const eliminar = useLote<ResultadoEliminarLote>('/api/facturas/lote/eliminar', {
    method: 'POST',
    invalidate: ['facturas'],
    message: ({ msg }) => msg,
  });
  const count = selectedIds.length;
  return (
    <>
      <Confirmado
        label={t('correo')}
        titulo={t('correo_titulo')}
        pregunta={t('correo_confirmar', { smart_count: count })}
        icono={<ForwardToInboxIcon />}
        disabled={correo.pending}
        run={() => correo.run({})}
      />
      <DescargarZip />
      {vende && (
        <Confirmado
          label={t('eliminar')}
          titulo={t('eliminar_titulo')}
          pregunta={t('eliminar_confirmar', { smart_count: count })}
          icono={<DeleteIcon />}
          disabled={eliminar.pending}
          run={() => eliminar.run({})}
        />
      )}
      <FacturaExportar ids={selectedIds} label={t('exportar_seleccion')} />
    </>
  );
}
