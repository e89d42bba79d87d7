import { IngresoList } from './IngresoList';

export default { list: IngresoList };
