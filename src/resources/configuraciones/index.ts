import { ConfiguracionList } from './ConfiguracionList';
import { ConfiguracionEdit } from './ConfiguracionEdit';

export default { list: ConfiguracionList, edit: ConfiguracionEdit, recordRepresentation: 'CON_NOMBRE' };
