import {
  BooleanInput,
  RadioButtonGroupInput,
  SelectInput,
  TextInput,
  email,
  maxLength,
  regex,
  required,
  useCanAccess,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { REGIMEN_RIMPE, AMBIENTE, type RegimenRimpe } from '../../../domain/empresas';
import { checkRuc } from '../../../domain/identifiers';
import { useDistribuidores } from './EmpresaFilters';
import { EstablecimientosInput } from './EstablecimientosInput';
import { LogoInput } from './LogoInput';

const PHONE = regex(/^\+?[0-9 ]{6,19}$/, 'El teléfono solo admite números (de 6 a 20 caracteres)');
const RESOLUTION = (what: string) => regex(/^[0-9]{1,13}$/, `La resolución de ${what} solo admite dígitos (hasta 13)`);
const RUC = [required(), regex(/^[0-9]{13}$/, 'El RUC debe tener 13 dígitos numéricos')];

const grid = {
  display: 'grid',
  columnGap: 2,
  rowGap: { xs: 1, sm: 2 },
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
  width: '100%',
};

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  const translate = useTranslate();
  return (
    <Box component="section" sx={{ width: '100%', mb: 1 }}>
      <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
        {translate(`resources.empresas.ficha.${title}`)}
      </Typography>
      <Box sx={grid}>{children}</Box>
    </Box>
  );
}

/** The RUC, with the checksum warning under it: the SRI has issued real RUCs that fail it, so it never blocks saving. */
function RucInput() {
  const ruc = useWatch({ name: 'EMP_RUC' }) as string | undefined;
  const warning = ruc && /^[0-9]{13}$/.test(ruc) ? checkRuc(ruc).warning : undefined;
  return (
    <TextInput
      source="EMP_RUC"
      validate={RUC}
      inputProps={{ inputMode: 'numeric', maxLength: 13 }}
      helperText={warning ?? false}
      sx={warning ? { '& .MuiFormHelperText-root': { color: 'warning.main' } } : undefined}
    />
  );
}

/**
 * Every field an SRI-registered company has, its state and distributor, and its establishments: the datos tab of the
 * company page and the body of the create page.
 */
export function DatosTab() {
  const translate = useTranslate();
  const distribuidores = useDistribuidores();
  const { canAccess: administrator } = useCanAccess({ resource: 'empresas', action: 'distribuidor' });
  // Only a company that exists has a logo: the create page has no record.
  const record = useRecordContext<{ EMP_CODIGO: number; EMP_NOMBREC: string; EMP_LOGO: string | null }>();
  const t = (key: string) => translate(`resources.empresas.ficha.${key}`);
  return (
    <Box sx={{ width: '100%' }}>
      <Section title="identificacion">
        <RucInput />
        <TextInput source="EMP_NOMBRE" validate={[required(), maxLength(200)]} />
        <TextInput source="EMP_NOMBREC" validate={[required(), maxLength(200)]} />
        <TextInput source="EMP_DIRECCION" validate={maxLength(300)} />
      </Section>
      <Section title="contacto">
        <TextInput
          source="EMP_CORREO"
          type="email"
          validate={[required(), email('Ingrese un correo electrónico válido'), maxLength(150)]}
        />
        <TextInput source="EMP_TELEFONO" validate={PHONE} inputProps={{ inputMode: 'tel' }} />
        <TextInput source="EMP_CELULAR" validate={PHONE} inputProps={{ inputMode: 'tel' }} />
      </Section>
      <Section title="tributario">
        <BooleanInput source="EMP_CONTABILIDAD" defaultValue={false} />
        <SelectInput
          source="EMP_RIMPE"
          emptyText={t('sin_rimpe')}
          choices={(Object.keys(REGIMEN_RIMPE) as RegimenRimpe[]).map((id) => ({ id, name: REGIMEN_RIMPE[id] }))}
        />
        <TextInput
          source="EMP_CONTRIBUYENTE_ESPECIAL"
          validate={RESOLUTION('contribuyente especial')}
          inputProps={{ inputMode: 'numeric' }}
        />
        <TextInput source="EMP_AGENTE_RETENCION" validate={RESOLUTION('agente de retención')} inputProps={{ inputMode: 'numeric' }} />
        <RadioButtonGroupInput
          source="EMP_AMBIENTE"
          defaultValue={AMBIENTE.pruebas}
          choices={[
            { id: AMBIENTE.pruebas, name: t('ambiente_pruebas') },
            { id: AMBIENTE.produccion, name: t('ambiente_produccion') },
          ]}
        />
      </Section>
      <Section title="estado">
        <BooleanInput source="EMP_ACTIVO" defaultValue />
        {administrator && distribuidores && (
          <SelectInput
            source="EMP_DISTRIBUIDOR"
            emptyText={translate('resources.empresas.fields.sinDistribuidor')}
            choices={distribuidores.map((d) => ({ id: d.ADM_CODIGO, name: d.ADM_NOMBRE }))}
          />
        )}
      </Section>
      {record && <LogoInput path={`/empresas/logo/${record.EMP_CODIGO}`} nombre={record.EMP_NOMBREC} logo={record.EMP_LOGO} />}
      <EstablecimientosInput />
    </Box>
  );
}

const OPTIONAL = [
  'EMP_TELEFONO',
  'EMP_CELULAR',
  'EMP_DIRECCION',
  'EMP_CONTRIBUYENTE_ESPECIAL',
  'EMP_AGENTE_RETENCION',
  'EMP_RIMPE',
  'EMP_DISTRIBUIDOR',
];
const orNull = (value: unknown) => (value === '' || value === undefined ? null : value);
type Row = Record<string, unknown> & { puntos?: Array<Record<string, unknown>> };

/** The form's values as the API takes them: an emptied optional field is null, not ''. */
export function datosToWire(data: Record<string, unknown>): Record<string, unknown> {
  const establecimientos = ((data.establecimientos ?? []) as Row[]).map((e) => ({
    ...e,
    EST_NOMBRE: orNull(e.EST_NOMBRE),
    puntos: (e.puntos ?? []).map((p) => ({ ...p, PEM_NOMBRE: orNull(p.PEM_NOMBRE) })),
  }));
  return { ...data, ...Object.fromEntries(OPTIONAL.map((key) => [key, orNull(data[key])])), establecimientos };
}
