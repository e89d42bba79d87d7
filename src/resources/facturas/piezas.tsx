// The state chip, the email's icon and a totals row are every document's (src/comprobantes/piezas.tsx).
export { EntregaIcono, EstadoChip as EstadoFacturaChip, FilaTotal, FilasTotales } from '../../comprobantes/piezas';
