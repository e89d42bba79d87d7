import InventoryIcon from '@mui/icons-material/Inventory2';
import { ProductoList } from './ProductoList';
import { ProductoCreate, ProductoEdit } from './ProductoForm';

export default {
  list: ProductoList,
  create: ProductoCreate,
  edit: ProductoEdit,
  icon: InventoryIcon,
  recordRepresentation: 'PROD_NOMBRE',
};
