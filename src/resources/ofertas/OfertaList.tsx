import { DataTable, type RaRecord } from 'react-admin';
import { ESTADOS_OFERTA, type Oferta } from '../../../domain/contratos/ofertas';
import { formatDate } from '../../../domain/fechas';
import { numeroOferta } from '../../../domain/ofertas';
import {
  AccionesLista,
  CifraYEstado,
  derecha,
  DosLineas,
  FILTRO_CLIENTE,
  filtrosDocumento,
  ListaDocumento,
  VacioLista,
} from '../../comprobantes/lista';
import { useNarrow } from '../../shell/catalogo';
import { dinero } from '../../ui/numeros';
import { EstadoOfertaChip } from './piezas';
import { texto } from './textos';

const oferta = (r: RaRecord) => r as unknown as Oferta;
const campo = (source: string) => texto(`campos.${source}`);

/** The invoice a quote became: its number once issued, "Borrador de factura" before. */
const factura = (r: RaRecord) => (oferta(r).FAC_CODIGO ? (oferta(r).FAC_NUMERO ?? texto('lista.factura_borrador')) : '');

/**
 * The company's quotes (a seller's: those of its clients), newest first: number, date, client, validity, total, state
 * and the invoice it became; filters by state, dates and client. A simple list on phones.
 */
export function OfertaList() {
  // VENCIDA is among the states; on a phone only the search stays open.
  const abiertos = !useNarrow();
  return (
    <ListaDocumento
      filters={filtrosDocumento({ texto, estado: 'OFE_ESTADO', estados: ESTADOS_OFERTA, tercero: FILTRO_CLIENTE, abiertos })}
      actions={<AccionesLista recurso="ofertas" />}
      sort={{ field: 'OFE_CODIGO', order: 'DESC' }}
      empty={<VacioLista recurso="ofertas" texto={texto} />}
      primaryText={(r) => oferta(r).CLI_RAZON_SOCIAL}
      secondaryText={(r) =>
        [
          numeroOferta(oferta(r).OFE_NUMERO),
          formatDate(oferta(r).OFE_FECHA),
          `${campo('OFE_VALIDEZ')} ${formatDate(oferta(r).OFE_VALIDEZ)}`,
        ]
          .concat(oferta(r).FAC_CODIGO ? [oferta(r).FAC_NUMERO ? `${campo('FAC_NUMERO')} ${oferta(r).FAC_NUMERO}` : factura(r)] : [])
          .join(' · ')
      }
      tertiaryText={(r) => <CifraYEstado cifra={dinero(oferta(r).OFE_TOTAL)} estado={<EstadoOfertaChip estado={oferta(r).OFE_ESTADO} />} />}
    >
      <DataTable.Col
        source="OFE_NUMERO"
        label={campo('OFE_NUMERO')}
        render={(r: RaRecord) => numeroOferta(oferta(r).OFE_NUMERO)}
        sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
      />
      <DataTable.Col source="OFE_FECHA" label={campo('OFE_FECHA')} render={(r: RaRecord) => formatDate(oferta(r).OFE_FECHA)} />
      <DataTable.Col
        source="CLI_RAZON_SOCIAL"
        label={campo('CLI_RAZON_SOCIAL')}
        disableSort
        render={(r: RaRecord) => <DosLineas arriba={oferta(r).CLI_RAZON_SOCIAL} abajo={oferta(r).CLI_IDENTIFICACION} />}
      />
      <DataTable.Col source="OFE_VALIDEZ" label={campo('OFE_VALIDEZ')} render={(r: RaRecord) => formatDate(oferta(r).OFE_VALIDEZ)} />
      <DataTable.Col source="OFE_TOTAL" label={campo('OFE_TOTAL')} render={(r: RaRecord) => dinero(oferta(r).OFE_TOTAL)} sx={derecha} />
      <DataTable.Col
        source="OFE_ESTADO"
        label={campo('OFE_ESTADO')}
        disableSort
        render={(r: RaRecord) => <EstadoOfertaChip estado={oferta(r).OFE_ESTADO} />}
      />
      <DataTable.Col source="FAC_NUMERO" label={campo('FAC_NUMERO')} disableSort render={factura} sx={{ whiteSpace: 'nowrap' }} />
    </ListaDocumento>
  );
}
