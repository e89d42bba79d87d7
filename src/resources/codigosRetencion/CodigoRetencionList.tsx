import { BooleanInput, DataTable, SelectInput, useTranslate, type RaRecord } from 'react-admin';
import Chip from '@mui/material/Chip';
import type { CodigoRetencion } from '../../../domain/contratos/codigosRetencion';
import { IMPUESTO_RETENCION_CHOICES, IMPUESTO_RETENCION_ETIQUETA, type ImpuestoRetencion } from '../../../domain/codigosRetencion';
import { hoyEcuador } from '../../../domain/fechas';
import { SearchFilter } from '../../shell/catalogo';
import { ListaCatalogo } from '../../shell/ListaCatalogo';

const codigo = (record: RaRecord) => record as unknown as CodigoRetencion;
const impuesto = (r: CodigoRetencion) => IMPUESTO_RETENCION_ETIQUETA[r.RCO_IMPUESTO as ImpuestoRetencion] ?? r.RCO_IMPUESTO;
const vigencia = (r: CodigoRetencion) => (r.RCO_HASTA ? `${r.RCO_DESDE} al ${r.RCO_HASTA}` : `desde ${r.RCO_DESDE}`);

/** "En vigor" or "Fuera de vigor" today: what the companies are offered today. */
function VigorChip({ record }: { record: CodigoRetencion }) {
  const translate = useTranslate();
  return record.enVigor ? (
    <Chip size="small" color="success" label={translate('resources.codigosRetencion.en_vigor')} />
  ) : (
    <Chip size="small" variant="outlined" label={translate('resources.codigosRetencion.fuera_de_vigor')} />
  );
}

// "En vigor hoy" sends today's day (Ecuador) as the vigentes filter; off sends nothing.
const filters = [
  <SearchFilter key="q" source="q" alwaysOn />,
  <SelectInput key="impuesto" source="RCO_IMPUESTO" alwaysOn choices={IMPUESTO_RETENCION_CHOICES} />,
  <BooleanInput
    key="vigentes"
    source="vigentes"
    label="resources.codigosRetencion.en_vigor_hoy"
    alwaysOn
    format={(value: unknown) => Boolean(value)}
    parse={(on: boolean) => (on ? hoyEcuador() : undefined)}
  />,
];

/**
 * The SRI's withholding codes with their periods: by tax, code and date; each row says whether it is in force today.
 * When the SRI changes a percentage the administrator closes the row with a date hasta and adds the new one.
 */
export function CodigoRetencionList() {
  return (
    <ListaCatalogo
      resource="codigosRetencion"
      filters={filters}
      filterDefaultValues={{ vigentes: hoyEcuador() }}
      sort={{ field: 'RCO_IMPUESTO', order: 'ASC' }}
      primaryText={(r) => `${impuesto(codigo(r))} ${codigo(r).RCO_CODIGO} · ${codigo(r).RCO_PORCENTAJE} %`}
      secondaryText={(r) => `${codigo(r).RCO_CONCEPTO} (${vigencia(codigo(r))})`}
      tertiaryText={(r) => <VigorChip record={codigo(r)} />}
    >
      <DataTable.Col source="RCO_IMPUESTO" render={(r: RaRecord) => impuesto(codigo(r))} />
      <DataTable.Col source="RCO_CODIGO" />
      <DataTable.Col source="RCO_CONCEPTO" disableSort />
      <DataTable.NumberCol source="RCO_PORCENTAJE" render={(r: RaRecord) => `${codigo(r).RCO_PORCENTAJE} %`} />
      <DataTable.Col source="RCO_DESDE" />
      <DataTable.Col source="RCO_HASTA" disableSort render={(r: RaRecord) => codigo(r).RCO_HASTA ?? '—'} />
      <DataTable.Col source="enVigor" disableSort render={(r: RaRecord) => <VigorChip record={codigo(r)} />} />
    </ListaCatalogo>
  );
}
