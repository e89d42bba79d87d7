/** The formats a report is downloaded in (?formato=). */
export const FORMATOS_REPORTE = ['xlsx', 'pdf'] as const;
export type FormatoReporte = (typeof FORMATOS_REPORTE)[number];
