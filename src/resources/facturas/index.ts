export default { recordRepresentation: 'FAC_NUMERO' };
