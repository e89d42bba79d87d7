import { BooleanInput, Create, Edit, SimpleForm, TextInput, maxLength, required } from 'react-admin';

function ProductoFields() {
  return (
    <SimpleForm>
      <TextInput source="PROD_NOMBRE" validate={[required(), maxLength(120)]} fullWidth />
      <BooleanInput source="PROD_ACTIVO" helperText="resources.productos.ayuda_activo" defaultValue />
    </SimpleForm>
  );
}

export const ProductoCreate = () => (
  <Create redirect="list">
    <ProductoFields />
  </Create>
);
// Delete sits in the form's toolbar; a product that has tickets cannot go (409), and the server's message says so.
export const ProductoEdit = () => (
  <Edit mutationMode="pessimistic" redirect="list">
    <ProductoFields />
  </Edit>
);
