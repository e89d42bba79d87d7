import { ProductoList } from './ProductoList';
import { ProductoCreate, ProductoEdit } from './ProductoForm';

export default { list: ProductoList, create: ProductoCreate, edit: ProductoEdit, recordRepresentation: 'PROD_NOMBRE' };
