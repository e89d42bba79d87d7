import { useListContext, type Identifier } from 'react-admin';
import { ExportarExcelCsv } from '../../shell/ExportarMenu';
import { ActivarDesactivarLote, useLote, type Lote } from '../../shell/lote';
import { lectorDeTextos } from '../../i18n/textos';
import type { AccionLoteCatalogo, LoteCatalogoResultado } from '../../../domain/contratos/catalogo';

const t = lectorDeTextos({
  exportar_seleccion: 'Exportar selección',
  activar: 'Activar',
  desactivar: 'Desactivar',
  confirmar_desactivar:
    '¿Desactivar el producto seleccionado? No se ofrecerá en las facturas nuevas. |||| ¿Desactivar los %{smart_count} productos seleccionados? No se ofrecerán en las facturas nuevas.',
});

/** Downloads the products with the list's filters and order (only `ids` when given) as Excel or CSV. */
export function CatalogoExportar({ ids, label }: { ids?: Identifier[]; label?: string }) {
  return <ExportarExcelCsv path="/api/catalogo/exportar" archivo="productos" clave="CAT_CODIGO" ids={ids} label={label} />;
}

const accion = (lote: Lote, nombre: AccionLoteCatalogo) => lote.run({ accion: nombre });

/** Over the selected products (PUT /api/catalogo/lote): activate, deactivate (confirmed), export the selection. */
export function CatalogoBulkActions() {
  const lote = useLote<LoteCatalogoResultado>('/api/catalogo/lote', { invalidate: ['catalogo'], message: ({ msg }) => msg });
  const { selectedIds } = useListContext();
  return (
    <>
      <ActivarDesactivarLote
        lote={lote}
        activar={{ label: t('activar'), run: () => accion(lote, 'activar') }}
        desactivar={{
          label: t('desactivar'),
          confirmacion: t('confirmar_desactivar', { smart_count: lote.count }),
          run: () => accion(lote, 'desactivar'),
        }}
      />
      <CatalogoExportar ids={selectedIds} label={t('exportar_seleccion')} />
    </>
  );
}
