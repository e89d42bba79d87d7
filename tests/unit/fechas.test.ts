import { describe, expect, it } from 'vitest';
import { fechaHoraEcuador } from '../../domain/fechas';

describe("the reports' date and time in Ecuador", () => {
  it('writes the first hour after midnight as 00, not 24', () => {
    // 05:46 UTC is 00:46 in Guayaquil: es-EC with hour12:false printed "24:46" on the PDFs' "Generado el" line.
    expect(fechaHoraEcuador(new Date('2026-11-29T05:46:00Z'))).toBe('29/11/2026 00:46');
  });

  it('keeps the afternoon in 24-hour time', () => {
    expect(fechaHoraEcuador(new Date('2026-03-15T20:32:00Z'))).toBe('15/03/2026 15:32');
  });
});
