/** The emission point 001-001 as GET /api/facturas/puntos gives it to the forms (the screens' tests stub that route). */
export const PUNTO = {
  PEM_CODIGO: 3,
  PEM_NUMERO: '001',
  PEM_NOMBRE: 'Caja principal',
  EST_CODIGO: 2,
  EST_NUMERO: '001',
  EST_NOMBRE: 'Matriz',
  EST_DIRECCION: 'Quito',
  serie: '001-001',
  siguiente: 7,
};
