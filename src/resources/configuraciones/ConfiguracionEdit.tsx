import { Edit, SimpleForm, TextInput, maxLength, required } from 'react-admin';

const values = [1, 2, 3, 4, 5, 6, 7, 8] as const;

export function ConfiguracionEdit() {
  return (
    <Edit title="Editar configuración" mutationMode="pessimistic">
      <SimpleForm>
        <TextInput source="CON_CODIGO" label="Posición" disabled />
        <TextInput source="CON_NOMBRE" label="Configuración" validate={[required(), maxLength(120)]} fullWidth />
        {values.map((n) => (
          <TextInput key={n} source={`CON_VALOR${n}`} label={`Valor ${n}`} validate={maxLength(2000)} fullWidth parse={(v: string) => (v === '' ? null : v)} />
        ))}
      </SimpleForm>
    </Edit>
  );
}
