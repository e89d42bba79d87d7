import { DataTable, type RaRecord } from 'react-admin';
import type { GuiaRemision } from '../../../domain/contratos/guiasRemision';
import { formatDate } from '../../../domain/fechas';
import { ESTADOS } from '../../comprobantes/estados';
import { AccionesLista, DosLineas, EstadoCelda, filtrosDocumento, ListaDocumento, VacioLista } from '../../comprobantes/lista';
import { ResumenLista } from '../../comprobantes/ResumenLista';
import { useNarrow } from '../../shell/catalogo';
import { GUIA } from './documento';
import { texto } from './textos';

const fila = (r: RaRecord) => r as unknown as GuiaRemision;
const campo = (source: string) => texto(`campos.${source}`);
const numero = (r: RaRecord) => fila(r).FAC_NUMERO ?? texto('borrador');
/** "12/03 a 14/03", or one day when the transport starts and ends the same day. */
const transporte = (r: RaRecord) => {
  const { GUI_FECHA_INICIO: inicio, GUI_FECHA_FIN: fin } = fila(r);
  return inicio === fin ? formatDate(inicio) : texto('lista.transporte', { inicio: formatDate(inicio), fin: formatDate(fin) });
};
const TRANSPORTISTA = {
  source: 'TRA_CODIGO',
  reference: 'transportistas',
  opcion: (t: RaRecord) => `${t.TRA_RAZON_SOCIAL} · ${t.TRA_PLACA}`,
};

/**
 * The company's guías de remisión, newest first: number (or "Borrador"), date, carrier and plate, destinatarios, the
 * transport's dates and state with the email's; filters by search, state, dates and carrier; how many below; Excel/CSV
 * export. A simple list on phones.
 */
export function GuiaList() {
  const abiertos = !useNarrow();
  return (
    <ListaDocumento
      sri
      filters={filtrosDocumento({ texto, estado: 'FAC_ESTADO', estados: ESTADOS, tercero: TRANSPORTISTA, abiertos })}
      actions={<AccionesLista recurso={GUIA.recurso} exportar={{ api: GUIA.api, archivo: 'guias-remision' }} />}
      sort={{ field: 'FAC_CODIGO', order: 'DESC' }}
      empty={<VacioLista recurso={GUIA.recurso} texto={texto} />}
      primaryText={(r) => fila(r).DESTINATARIOS}
      secondaryText={(r) => [numero(r), formatDate(fila(r).FAC_FECHA), `${fila(r).TRA_RAZON_SOCIAL} · ${fila(r).GUI_PLACA}`].join(' · ')}
      tertiaryText={(r) => <EstadoCelda record={r} />}
      pie={<ResumenLista documento={GUIA} cuenta="lista.cuenta" cifras={[]} />}
    >
      <DataTable.Col source="FAC_NUMERO" label={campo('FAC_NUMERO')} render={numero} sx={{ whiteSpace: 'nowrap' }} />
      <DataTable.Col source="FAC_FECHA" label={campo('FAC_FECHA')} render={(r: RaRecord) => formatDate(fila(r).FAC_FECHA)} />
      <DataTable.Col
        source="TRA_RAZON_SOCIAL"
        label={campo('TRA_RAZON_SOCIAL')}
        disableSort
        render={(r: RaRecord) => <DosLineas arriba={fila(r).TRA_RAZON_SOCIAL} abajo={fila(r).TRA_IDENTIFICACION} />}
      />
      <DataTable.Col source="GUI_PLACA" label={campo('GUI_PLACA')} disableSort sx={{ whiteSpace: 'nowrap' }} />
      <DataTable.Col source="DESTINATARIOS" label={campo('DESTINATARIOS')} disableSort />
      {/* The lists sort on the documents' own columns; the journey lives in the guía's table. */}
      <DataTable.Col
        source="GUI_FECHA_INICIO"
        label={campo('GUI_FECHA_INICIO')}
        disableSort
        render={transporte}
        sx={{ whiteSpace: 'nowrap' }}
      />
      <DataTable.Col source="FAC_ESTADO" label={campo('FAC_ESTADO')} disableSort render={(r: RaRecord) => <EstadoCelda record={r} />} />
    </ListaDocumento>
  );
}
