import { BooleanInput, Create, Edit, SimpleForm, TextInput, maxLength, required } from 'react-admin';

function ProductoFields() {
  return (
    <SimpleForm>
      <TextInput source="PROD_NOMBRE" label="Nombre" validate={[required(), maxLength(120)]} fullWidth />
      <BooleanInput source="PROD_ACTIVO" label="Activo (se ofrece en el formulario público de tickets)" defaultValue />
    </SimpleForm>
  );
}

export const ProductoCreate = () => <Create title="Nuevo producto" redirect="list"><ProductoFields /></Create>;
export const ProductoEdit = () => <Edit title="Editar producto" mutationMode="pessimistic" redirect="list"><ProductoFields /></Edit>;
