export default { recordRepresentation: 'CAT_DESCRIPCION' };
