import { Edit, SaveButton, SimpleForm, TextInput, Toolbar, maxLength, required } from 'react-admin';

const values = [1, 2, 3, 4, 5, 6, 7, 8] as const;

// A setting is only changed, never deleted (the API has no delete), so the form offers Save alone.
const SaveOnly = () => (
  <Toolbar>
    <SaveButton />
  </Toolbar>
);

export function ConfiguracionEdit() {
  return (
    <Edit mutationMode="pessimistic">
      <SimpleForm toolbar={<SaveOnly />}>
        <TextInput source="CON_CODIGO" disabled />
        <TextInput source="CON_NOMBRE" validate={[required(), maxLength(120)]} fullWidth />
        {values.map((n) => (
          <TextInput key={n} source={`CON_VALOR${n}`} validate={maxLength(2000)} fullWidth parse={(v: string) => (v === '' ? null : v)} />
        ))}
      </SimpleForm>
    </Edit>
  );
}
