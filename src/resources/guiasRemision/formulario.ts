/**
 * The guía de remisión form's values, their checks and what the API takes. The emails are typed as one text
 * ("a@x.ec, b@x.ec") and quantities as the user wrote them ("1,5"); the wire has the list and the number.
 */
import type {
  CampoAdicional,
  GuiaDesdeFactura,
  GuiaDestinatario,
  GuiaDetalle,
  GuiaRemisionBorrador,
  GuiaRemisionDetalle,
} from '../../../domain/contratos/guiasRemision';
import type { FacturaLinea } from '../../../domain/contratos/facturas';
import { hoyEcuador } from '../../../domain/fechas';
import { isEmail } from '../../../domain/identifiers';
import { leerNumero } from '../../ui/numeros';
import { sinCeros } from '../facturas/formulario';

export type BienForm = {
  CAT_CODIGO: number | null;
  GDT_CODIGO_INTERNO: string;
  GDT_CODIGO_ADICIONAL: string;
  GDT_DESCRIPCION: string;
  GDT_CANTIDAD: string;
  GDT_ADICIONALES: CampoAdicional[];
};

export type DestinatarioForm = {
  CLI_CODIGO: number | null;
  GDE_IDENTIFICACION: string;
  GDE_RAZON_SOCIAL: string;
  GDE_DIRECCION: string;
  GDE_CORREOS: string;
  GDE_MOTIVO: string;
  GDE_DOC_ADUANERO: string;
  GDE_ESTAB_DESTINO: string;
  GDE_RUTA: string;
  GDE_SUSTENTO: number | null;
  /** The support invoice's number, shown while it is chosen (not sent). */
  SUSTENTO_NUMERO: string | null;
  detalles: BienForm[];
};

export type GuiaForm = {
  PEM_CODIGO: number | '';
  TRA_CODIGO: number | '';
  FAC_FECHA: string;
  GUI_PLACA: string;
  GUI_DIR_PARTIDA: string;
  GUI_FECHA_INICIO: string;
  GUI_FECHA_FIN: string;
  destinatarios: DestinatarioForm[];
  FAC_ADICIONAL: CampoAdicional[];
};

export const bienVacio = (): BienForm => ({
  CAT_CODIGO: null,
  GDT_CODIGO_INTERNO: '',
  GDT_CODIGO_ADICIONAL: '',
  GDT_DESCRIPCION: '',
  GDT_CANTIDAD: '1',
  GDT_ADICIONALES: [],
});

export const destinatarioVacio = (): DestinatarioForm => ({
  CLI_CODIGO: null,
  GDE_IDENTIFICACION: '',
  GDE_RAZON_SOCIAL: '',
  GDE_DIRECCION: '',
  GDE_CORREOS: '',
  GDE_MOTIVO: 'Venta',
  GDE_DOC_ADUANERO: '',
  GDE_ESTAB_DESTINO: '',
  GDE_RUTA: '',
  GDE_SUSTENTO: null,
  SUSTENTO_NUMERO: null,
  detalles: [bienVacio()],
});

/** A new guía: issued and carried today, one destinatario with one good. */
export const nuevaGuia = (hoy = hoyEcuador()): GuiaForm => ({
  PEM_CODIGO: '',
  TRA_CODIGO: '',
  FAC_FECHA: hoy,
  GUI_PLACA: '',
  GUI_DIR_PARTIDA: '',
  GUI_FECHA_INICIO: hoy,
  GUI_FECHA_FIN: hoy,
  destinatarios: [destinatarioVacio()],
  FAC_ADICIONAL: [],
});

const texto = (valor: unknown) => String(valor ?? '');
const limpio = (valor: unknown) => texto(valor).trim();
const opcional = (valor: unknown) => limpio(valor) || null;

/** "a@x.ec, b@x.ec; c@x.ec" → the addresses. */
export const correosDe = (valor: string) =>
  valor
    .split(/[,;\s]+/)
    .map((c) => c.trim())
    .filter(Boolean);

const bienDe = (d: GuiaDetalle | GuiaRemisionBorrador['destinatarios'][number]['detalles'][number]): BienForm => ({
  CAT_CODIGO: d.CAT_CODIGO ?? null,
  GDT_CODIGO_INTERNO: texto(d.GDT_CODIGO_INTERNO),
  GDT_CODIGO_ADICIONAL: texto(d.GDT_CODIGO_ADICIONAL),
  GDT_DESCRIPCION: d.GDT_DESCRIPCION,
  GDT_CANTIDAD: sinCeros(d.GDT_CANTIDAD),
  GDT_ADICIONALES: d.GDT_ADICIONALES ?? [],
});

const destinatarioDe = (d: GuiaDestinatario | GuiaRemisionBorrador['destinatarios'][number]): DestinatarioForm => ({
  CLI_CODIGO: d.CLI_CODIGO ?? null,
  GDE_IDENTIFICACION: d.GDE_IDENTIFICACION,
  GDE_RAZON_SOCIAL: d.GDE_RAZON_SOCIAL,
  GDE_DIRECCION: d.GDE_DIRECCION,
  GDE_CORREOS: (d.GDE_CORREOS ?? []).join(', '),
  GDE_MOTIVO: d.GDE_MOTIVO,
  GDE_DOC_ADUANERO: texto(d.GDE_DOC_ADUANERO),
  GDE_ESTAB_DESTINO: texto(d.GDE_ESTAB_DESTINO),
  GDE_RUTA: texto(d.GDE_RUTA),
  GDE_SUSTENTO: d.GDE_SUSTENTO ?? null,
  SUSTENTO_NUMERO: 'SUSTENTO_NUMERO' in d ? d.SUSTENTO_NUMERO : null,
  detalles: d.detalles.map(bienDe),
});

/** A saved guía's values, to edit it. */
export const formDe = (guia: GuiaRemisionDetalle): GuiaForm => ({
  PEM_CODIGO: guia.PEM_CODIGO,
  TRA_CODIGO: guia.TRA_CODIGO,
  FAC_FECHA: guia.FAC_FECHA,
  GUI_PLACA: guia.GUI_PLACA,
  GUI_DIR_PARTIDA: guia.GUI_DIR_PARTIDA,
  GUI_FECHA_INICIO: guia.GUI_FECHA_INICIO,
  GUI_FECHA_FIN: guia.GUI_FECHA_FIN,
  destinatarios: guia.destinatarios.map(destinatarioDe),
  FAC_ADICIONAL: guia.FAC_ADICIONAL ?? [],
});

/**
 * The values of a guía prepared from an invoice (GET /desdeFactura/:id): everything but the carrier and its plate,
 * which the user chooses; `numero` is the invoice's, shown beside its destinatario's support document.
 */
export const formDesdeFactura = (base: GuiaDesdeFactura, numero: string | null): GuiaForm => ({
  ...nuevaGuia(base.FAC_FECHA),
  PEM_CODIGO: base.PEM_CODIGO,
  GUI_DIR_PARTIDA: base.GUI_DIR_PARTIDA,
  GUI_FECHA_INICIO: base.GUI_FECHA_INICIO,
  GUI_FECHA_FIN: base.GUI_FECHA_FIN,
  destinatarios: base.destinatarios.map((d) => ({
    ...destinatarioDe(d),
    SUSTENTO_NUMERO: d.GDE_SUSTENTO != null ? numero : null,
  })),
  FAC_ADICIONAL: base.FAC_ADICIONAL ?? [],
});

/** An invoice's lines as the goods of a destinatario: code, description and quantity. */
export const bienesDeLineas = (lineas: readonly FacturaLinea[]): BienForm[] =>
  lineas.map((l) => ({
    ...bienVacio(),
    CAT_CODIGO: l.CAT_CODIGO ?? null,
    GDT_CODIGO_INTERNO: texto(l.FDE_PRINCIPAL),
    GDT_CODIGO_ADICIONAL: texto(l.FDE_AUXILIAR),
    GDT_DESCRIPCION: l.FDE_DESCRIPCION,
    GDT_CANTIDAD: sinCeros(l.FDE_CANTIDAD),
  }));

/** Whether a destinatario's goods are still the one empty row a new destinatario starts with. */
export const sinBienes = (detalles: readonly BienForm[]) =>
  detalles.length === 0 || (detalles.length === 1 && !limpio(detalles[0].GDT_DESCRIPCION) && !detalles[0].CAT_CODIGO);

const cantidad = (valor: unknown) => leerNumero(limpio(valor)) ?? limpio(valor);
const adicionales = (campos: readonly CampoAdicional[] | undefined) =>
  (campos ?? []).map((c) => ({ nombre: limpio(c.nombre), valor: limpio(c.valor) })).filter((c) => c.nombre || c.valor);

/** The draft as POST/PUT /api/guiasRemision take it. */
export const guiaToWire = (values: GuiaForm): GuiaRemisionBorrador => ({
  PEM_CODIGO: Number(values.PEM_CODIGO),
  TRA_CODIGO: Number(values.TRA_CODIGO),
  FAC_FECHA: values.FAC_FECHA,
  GUI_PLACA: limpio(values.GUI_PLACA).toUpperCase(),
  GUI_DIR_PARTIDA: limpio(values.GUI_DIR_PARTIDA),
  GUI_FECHA_INICIO: values.GUI_FECHA_INICIO,
  GUI_FECHA_FIN: values.GUI_FECHA_FIN,
  destinatarios: values.destinatarios.map((d) => ({
    CLI_CODIGO: d.CLI_CODIGO ?? null,
    GDE_IDENTIFICACION: limpio(d.GDE_IDENTIFICACION),
    GDE_RAZON_SOCIAL: limpio(d.GDE_RAZON_SOCIAL),
    GDE_DIRECCION: limpio(d.GDE_DIRECCION),
    GDE_CORREOS: correosDe(texto(d.GDE_CORREOS)),
    GDE_MOTIVO: limpio(d.GDE_MOTIVO),
    GDE_DOC_ADUANERO: opcional(d.GDE_DOC_ADUANERO),
    GDE_ESTAB_DESTINO: opcional(d.GDE_ESTAB_DESTINO),
    GDE_RUTA: opcional(d.GDE_RUTA),
    GDE_SUSTENTO: d.GDE_SUSTENTO ?? null,
    detalles: d.detalles.map((b) => ({
      CAT_CODIGO: b.CAT_CODIGO ?? null,
      GDT_CODIGO_INTERNO: opcional(b.GDT_CODIGO_INTERNO),
      GDT_CODIGO_ADICIONAL: opcional(b.GDT_CODIGO_ADICIONAL),
      GDT_DESCRIPCION: limpio(b.GDT_DESCRIPCION),
      GDT_CANTIDAD: cantidad(b.GDT_CANTIDAD),
      GDT_ADICIONALES: adicionales(b.GDT_ADICIONALES),
    })),
  })),
  FAC_ADICIONAL: adicionales(values.FAC_ADICIONAL),
});

/** The messages the checks write (the screens pass their texts; the tests read the keys). */
export type MensajesGuia = {
  requerido: string;
  finAntes: string;
  sinBienes: string;
  cantidad: string;
  establecimiento: string;
  correo: (correo: string) => string;
};

const CANTIDAD = /^\d{1,12}(\.\d{1,6})?$/;

type Errores = Record<string, unknown>;

/**
 * react-admin's form-level validation, shaped as the form (each destinatario's and good's message under its input):
 * the header's required fields, the transport's dates in order, each destinatario's identification, name, address,
 * motivo, emails and destination establishment, and each good's description and quantity (> 0, up to 6 decimals).
 */
export function validarGuia(values: GuiaForm, m: MensajesGuia): Errores {
  const errores: Errores = {};
  for (const campo of [
    'PEM_CODIGO',
    'TRA_CODIGO',
    'FAC_FECHA',
    'GUI_PLACA',
    'GUI_DIR_PARTIDA',
    'GUI_FECHA_INICIO',
    'GUI_FECHA_FIN',
  ] as const)
    if (!limpio(values[campo])) errores[campo] = m.requerido;
  if (values.GUI_FECHA_INICIO && values.GUI_FECHA_FIN && values.GUI_FECHA_FIN < values.GUI_FECHA_INICIO) errores.GUI_FECHA_FIN = m.finAntes;
  const destinatarios = (values.destinatarios ?? []).map((d) => {
    const e: Errores = {};
    for (const campo of ['GDE_IDENTIFICACION', 'GDE_RAZON_SOCIAL', 'GDE_DIRECCION', 'GDE_MOTIVO'] as const)
      if (!limpio(d[campo])) e[campo] = m.requerido;
    const malo = correosDe(texto(d.GDE_CORREOS)).find((c) => !isEmail(c));
    if (malo) e.GDE_CORREOS = m.correo(malo);
    if (limpio(d.GDE_ESTAB_DESTINO) && !/^\d{3}$/.test(limpio(d.GDE_ESTAB_DESTINO))) e.GDE_ESTAB_DESTINO = m.establecimiento;
    if ((d.detalles ?? []).length === 0) e.GDE_IDENTIFICACION ??= m.sinBienes;
    const detalles = (d.detalles ?? []).map((b) => {
      const eb: Errores = {};
      if (!limpio(b.GDT_DESCRIPCION)) eb.GDT_DESCRIPCION = m.requerido;
      const n = leerNumero(limpio(b.GDT_CANTIDAD));
      if (n === null || !CANTIDAD.test(n) || Number(n) <= 0) eb.GDT_CANTIDAD = m.cantidad;
      return eb;
    });
    if (detalles.some((eb) => Object.keys(eb).length > 0)) e.detalles = detalles;
    return e;
  });
  if (destinatarios.some((e) => Object.keys(e).length > 0)) errores.destinatarios = destinatarios;
  return errores;
}
