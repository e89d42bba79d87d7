import { vistasDocumento } from '../../registry/screens';

export default vistasDocumento((m) => m.cargarGuias(), 'Guia');
