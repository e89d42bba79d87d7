import { vistasDocumento } from '../../registry/screens';

export default { ...vistasDocumento((m) => m.cargarOfertas(), 'Oferta'), recordRepresentation: 'OFE_NUMERO' };
