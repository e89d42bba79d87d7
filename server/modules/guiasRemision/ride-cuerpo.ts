/**
 * The guía de remisión's RIDE body, as the SRI's sample guía prints it: the carrier, the vehicle and the journey in
 * the recipient's box; then each destinatario in a box of its own (the support invoice, the reason, where the goods
 * go, to whom, the customs document, the establishment and the route) with the table of its goods. No totals: a guía
 * carries no amounts. The core's frame (comprobantes/ride.ts) draws the issuer, the number, the access key and the
 * additional information around it.
 */
import type { ComprobanteGuiaRemision, DestinatarioGuia } from '../../../domain/guiasRemision';
import { decimalCorto, documentoModificado, emisorRide, puntos, type CuerpoRide, type TablaRide } from '../comprobantes';

/** The description takes what the quantity and the codes leave. */
const COLUMNAS: TablaRide['columnas'] = [
  { titulo: 'Cantidad', ancho: puntos(70), alinear: 'right' },
  { titulo: 'Descripción', ancho: 1 - puntos(70 + 90 + 90) },
  { titulo: 'Código Principal', ancho: puntos(90) },
  { titulo: 'Código Auxiliar', ancho: puntos(90) },
];
const DESCRIPCION = 1;

function pares(d: DestinatarioGuia): Array<[string, string]> {
  const opcional = (etiqueta: string, valor: string | undefined): Array<[string, string]> => (valor ? [[etiqueta, valor]] : []);
  return [
    ...(d.numDocSustento
      ? ([
          ['Comprobante de venta:', documentoModificado(d.codDocSustento ?? '01', d.numDocSustento)],
          ['Fecha de emisión:', d.fechaEmisionDocSustento ?? ''],
          ['Número de autorización:', d.numAutDocSustento ?? ''],
        ] as Array<[string, string]>)
      : []),
    ['Motivo traslado:', d.motivoTraslado],
    ['Destino (Punto de llegada):', d.dirDestinatario],
    ['Identificación (Destinatario):', d.identificacionDestinatario],
    ['Razón Social / Nombres y Apellidos (Destinatario):', d.razonSocialDestinatario],
    ...opcional('Documento aduanero:', d.docAduaneroUnico),
    ...opcional('Código establecimiento destino:', d.codEstabDestino),
    ...opcional('Ruta:', d.ruta),
  ];
}

const tabla = (d: DestinatarioGuia): TablaRide => ({
  columnas: COLUMNAS,
  filas: d.detalles.map((b) => [decimalCorto(b.cantidad), b.descripcion, b.codigoInterno ?? '', b.codigoAdicional ?? '']),
  adicionales: {
    columna: DESCRIPCION,
    textos: d.detalles.map((b) => (b.detallesAdicionales ?? []).map((a) => `${a.nombre}: ${a.valor}`).join('\n')),
  },
});

export function cuerpoGuia(c: ComprobanteGuiaRemision): CuerpoRide {
  const g = c.infoGuiaRemision;
  return {
    emisor: emisorRide(g),
    receptor: [
      ['Razón Social / Nombres y Apellidos Transportista:', g.razonSocialTransportista],
      ['Identificación (Transportista):', g.rucTransportista],
      ['Placa:', g.placa],
      ['Punto de Partida:', g.dirPartida],
      ['Fecha inicio Transporte:', g.fechaIniTransporte],
      ['Fecha fin Transporte:', g.fechaFinTransporte],
    ],
    // No table of its own: every good belongs to its destinatario's section.
    tabla: { columnas: [], filas: [] },
    secciones: c.destinatarios.map((d) => ({ pares: pares(d), tabla: tabla(d) })),
    totales: [],
  };
}

/** The email's greeting: the first destinatario, "y otros" when the guía has several. */
export const destinatariosCorreo = (c: ComprobanteGuiaRemision) =>
  `${c.destinatarios[0]?.razonSocialDestinatario ?? ''}${c.destinatarios.length > 1 ? ' y otros' : ''}`;
