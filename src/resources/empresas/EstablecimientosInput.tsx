import {
  ArrayInput,
  BooleanInput,
  Button,
  SimpleFormIterator,
  TextInput,
  maxLength,
  regex,
  required,
  useSimpleFormIterator,
  useTranslate,
} from 'react-admin';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/AddCircleOutline';

// The SRI numbers establishments and emission points 001 to 999; the server says the same (and refuses repeats).
const SRI_NUMBER = /^(?!000)[0-9]{3}$/;
const numero = (what: string) => [required(), regex(SRI_NUMBER, `El número de ${what} debe tener 3 dígitos, del 001 al 999`)];

/** SimpleFormIterator's add button with its action written out (its default is an icon alone). */
function AddButton({ label }: { label: string }) {
  const { add } = useSimpleFormIterator();
  return (
    <Button label={`resources.empresas.ficha.${label}`} onClick={() => add()}>
      <AddIcon />
    </Button>
  );
}

/** The establishments of the company with their emission points: rows keep their ids, so saving updates them in place. */
export function EstablecimientosInput() {
  const translate = useTranslate();
  return (
    <>
      <Typography variant="h6" component="h3" sx={{ mt: 2 }}>
        {translate('resources.empresas.fields.establecimientos')}
      </Typography>
      <ArrayInput source="establecimientos" label={false}>
        <SimpleFormIterator
          disableReordering
          disableClear
          fullWidth
          addButton={<AddButton label="agregar_establecimiento" />}
          // Remove buttons show on hover by default, and a phone has no hover.
          sx={{ '& .RaSimpleFormIterator-action': { visibility: 'visible' } }}
        >
          <TextInput
            source="EST_NUMERO"
            label="resources.empresas.fields.EST_NUMERO"
            validate={numero('establecimiento')}
            defaultValue="001"
            inputProps={{ inputMode: 'numeric', maxLength: 3 }}
          />
          <TextInput source="EST_NOMBRE" label="resources.empresas.fields.EST_NOMBRE" validate={maxLength(200)} />
          <TextInput
            source="EST_DIRECCION"
            label="resources.empresas.fields.EST_DIRECCION"
            validate={[required(), maxLength(300)]}
            fullWidth
          />
          <BooleanInput source="EST_ACTIVO" label="resources.empresas.fields.EST_ACTIVO" defaultValue />
          <ArrayInput source="puntos" label="resources.empresas.fields.puntos" defaultValue={[]}>
            <SimpleFormIterator inline disableReordering disableClear addButton={<AddButton label="agregar_punto" />}>
              <TextInput
                source="PEM_NUMERO"
                label="resources.empresas.fields.PEM_NUMERO"
                validate={numero('punto de emisión')}
                defaultValue="001"
                inputProps={{ inputMode: 'numeric', maxLength: 3 }}
              />
              <TextInput source="PEM_NOMBRE" label="resources.empresas.fields.PEM_NOMBRE" validate={maxLength(120)} />
              <BooleanInput source="PEM_ACTIVO" label="resources.empresas.fields.PEM_ACTIVO" defaultValue />
            </SimpleFormIterator>
          </ArrayInput>
        </SimpleFormIterator>
      </ArrayInput>
    </>
  );
}
