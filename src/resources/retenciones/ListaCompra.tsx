import type { ReactNode } from 'react';
import { DataTable, type RaRecord } from 'react-admin';
import { formatDate } from '../../../domain/fechas';
import type { Documento } from '../../comprobantes/documento';
import { ESTADOS } from '../../comprobantes/estados';
import {
  AccionesLista,
  CifraYEstado,
  derecha,
  DosLineas,
  EstadoCelda,
  filtrosDocumento,
  ListaDocumento,
  VacioLista,
} from '../../comprobantes/lista';
import { ResumenLista } from '../../comprobantes/ResumenLista';
import { useNarrow } from '../../shell/catalogo';
import { dinero } from '../../ui/numeros';

/** What every purchase document's row has (a retención's and a liquidación's list rows). */
export type FilaCompra = {
  FAC_NUMERO: string | null;
  FAC_FECHA: string;
  FAC_ESTADO: string;
  FAC_TOTAL: string;
  FAC_ENTREGA: string | null;
  PRV_RAZON_SOCIAL: string;
  PRV_IDENTIFICACION: string;
};

const fila = (r: RaRecord) => r as unknown as FilaCompra;
const PROVEEDOR = {
  source: 'PRV_CODIGO',
  reference: 'proveedores',
  opcion: (p: RaRecord) => `${p.PRV_RAZON_SOCIAL} · ${p.PRV_IDENTIFICACION}`,
};

/** A column of the type's own (a retención's support documents, renta and IVA withheld). */
export type ColumnaCompra = { source: string; label: string; render: (r: RaRecord) => ReactNode; cifra?: boolean };

/**
 * A purchase document's list, newest first: number (or "Borrador"), date, supplier, the type's own columns, total and
 * state; filters by search, state, dates and supplier; the filtered set's totals below (`cifras`); Excel/CSV export.
 * A simple list on phones (`secundario` adds the type's own line to it).
 */
export function ListaCompra({
  documento,
  columnas,
  cifras,
  secundario,
}: {
  documento: Documento;
  columnas: readonly ColumnaCompra[];
  cifras?: readonly string[];
  secundario?: (r: RaRecord) => string;
}) {
  const { texto, recurso, api } = documento;
  const abiertos = !useNarrow();
  const numero = (r: RaRecord) => fila(r).FAC_NUMERO ?? texto('borrador');
  const campo = (source: string) => texto(`campos.${source}`);
  return (
    <ListaDocumento
      sri
      filters={filtrosDocumento({ texto, estado: 'FAC_ESTADO', estados: ESTADOS, tercero: PROVEEDOR, abiertos })}
      actions={<AccionesLista recurso={recurso} exportar={{ api, archivo: recurso }} />}
      sort={{ field: 'FAC_CODIGO', order: 'DESC' }}
      empty={<VacioLista recurso={recurso} texto={texto} />}
      primaryText={(r) => fila(r).PRV_RAZON_SOCIAL}
      secondaryText={(r) => [numero(r), formatDate(fila(r).FAC_FECHA), secundario?.(r)].filter(Boolean).join(' · ')}
      tertiaryText={(r) => <CifraYEstado cifra={dinero(fila(r).FAC_TOTAL)} estado={<EstadoCelda record={r} />} />}
      pie={<ResumenLista documento={documento} cuenta="lista.cuenta" cifras={cifras} />}
    >
      <DataTable.Col source="FAC_NUMERO" label={campo('FAC_NUMERO')} render={numero} sx={{ whiteSpace: 'nowrap' }} />
      <DataTable.Col source="FAC_FECHA" label={campo('FAC_FECHA')} render={(r: RaRecord) => formatDate(fila(r).FAC_FECHA)} />
      <DataTable.Col
        source="PRV_RAZON_SOCIAL"
        label={campo('PRV_RAZON_SOCIAL')}
        disableSort
        render={(r: RaRecord) => <DosLineas arriba={fila(r).PRV_RAZON_SOCIAL} abajo={fila(r).PRV_IDENTIFICACION} />}
      />
      {columnas.map((c) => (
        <DataTable.Col key={c.source} source={c.source} label={c.label} disableSort render={c.render} sx={c.cifra ? derecha : undefined} />
      ))}
      <DataTable.Col source="FAC_TOTAL" label={campo('FAC_TOTAL')} render={(r: RaRecord) => dinero(fila(r).FAC_TOTAL)} sx={derecha} />
      <DataTable.Col source="FAC_ESTADO" label={campo('FAC_ESTADO')} disableSort render={(r: RaRecord) => <EstadoCelda record={r} />} />
    </ListaDocumento>
  );
}
