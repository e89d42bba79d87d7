import { useListContext, useTranslate, type Identifier } from 'react-admin';
import { ExportarExcelCsv } from '../../shell/ExportarMenu';
import { AsignarLoteButton } from '../../shell/AsignarLoteButton';
import { ActivarDesactivarLote, useLote, type Lote } from '../../shell/lote';
import type { AccionLote, Distribuidor, LoteResultado } from '../../../domain/contratos/empresas-lista';

/** PUT /empresas/lote on the selected companies; the list's counts are read again. */
const useLoteEmpresas = () => useLote<LoteResultado>('/empresas/lote', { invalidate: ['empresas', 'resumen'], message: ({ msg }) => msg });

const accion = (lote: Lote, nombre: AccionLote, extra: Record<string, unknown> = {}) => lote.run({ accion: nombre, ...extra });

/** Downloads the list (only `ids` when given) as CSV or Excel, from GET /empresas/exportar. */
export function ExportarButton({ ids, label }: { ids?: Identifier[]; label?: string }) {
  const translate = useTranslate();
  const t = (key: string) => translate(`resources.empresas.lista.${key}`);
  return <ExportarExcelCsv path="/empresas/exportar" archivo="empresas" clave="EMP_CODIGO" ids={ids} label={label ?? t('exportar')} />;
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
