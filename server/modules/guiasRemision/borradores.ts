/**
 * Guías' drafts: what the form sends is judged by what only the book knows — the emission point, the carrier, the
 * destinatarios' clients and the goods' products are the company's (404), the carrier active (400), each support
 * document a factura the session sees (404: a seller, only its clients' and the consumidor final's) and AUTORIZADA
 * (400) — and by the rules issuing applies to the transport, the destinatarios and the free fields (reglasBorradorGuia,
 * armarGuia's own), so that a draft the
 * server keeps is one the SRI's schema takes. A draft is written in one transaction: its `facturas` row (type 06, the
 * carrier as recipient, no amounts), its transport, destinatarios and goods.
 */
import type { Db, Executor } from '../../infra/db/client';
import { found, HttpError } from '../../core/errors';
import type { CompanyActor } from '../../core/actor';
import { MSG } from '../../../domain/messages';
import { esDia } from '../../../domain/fechas';
import type { ErrorFactura } from '../../../domain/facturas';
import { FACTURAS_MSG } from '../../../domain/contratos/facturas';
import { enDestinatario, GUIA_MSG, reglasBorradorGuia, type DestinatarioEntrada } from '../../../domain/guiasRemision';
import {
  bloquearPara,
  cambiosBorrador,
  ComprobanteRechazado,
  exigirEstado,
  deleteBorrador,
  direcciones,
  insertBorrador,
  puntoDeEmpresa,
  replaceBorrador,
  type ValoresBorrador,
} from '../comprobantes';
import { clientScopeValues } from '../clientes';
import { GUIAS_MSG, type GuiaDestinatarioBorrador, type GuiaRemisionBorrador, type GuiaRemisionDetalle } from './contract';
import {
  clientesDeEmpresa,
  escribirGuia,
  facturasVisibles,
  findGuia,
  findTransportista,
  productosDeEmpresa,
  TIPO_GUIA,
  type ValoresDestinatario,
} from './repo';

/** The ids a list names, once each. */
const unicos = (ids: Array<number | null | undefined>) => [...new Set(ids.filter((id): id is number => typeof id === 'number'))];

/** A text the form sent, without surrounding blanks; null when empty. */
const opcional = (texto: string | null | undefined) => texto?.trim() || null;

/** A destinatario as armarGuia reads it (its support document is judged against the book, not here). */
const entradaDestinatario = (d: GuiaDestinatarioBorrador): DestinatarioEntrada => ({
  identificacion: d.GDE_IDENTIFICACION,
  razonSocial: d.GDE_RAZON_SOCIAL,
  direccion: d.GDE_DIRECCION,
  correos: d.GDE_CORREOS ?? [],
  motivo: d.GDE_MOTIVO,
  docAduanero: d.GDE_DOC_ADUANERO,
  estabDestino: d.GDE_ESTAB_DESTINO,
  ruta: d.GDE_RUTA,
  detalles: d.detalles.map((b) => ({
    codigoInterno: b.GDT_CODIGO_INTERNO,
    codigoAdicional: b.GDT_CODIGO_ADICIONAL,
    descripcion: b.GDT_DESCRIPCION,
    cantidad: b.GDT_CANTIDAD,
    adicionales: b.GDT_ADICIONALES,
  })),
});

/**
 * The rules issuing applies to the transport, the destinatarios and the free fields, on a draft's body (the form's, or
 * the one-call body's before its carrier is written).
 */
export const reglasBorrador = (
  body: Pick<
    GuiaRemisionBorrador,
    'GUI_DIR_PARTIDA' | 'GUI_FECHA_INICIO' | 'GUI_FECHA_FIN' | 'GUI_PLACA' | 'destinatarios' | 'FAC_ADICIONAL'
  >,
) =>
  reglasBorradorGuia({
    transporte: {
      dirPartida: body.GUI_DIR_PARTIDA,
      fechaInicio: body.GUI_FECHA_INICIO,
      fechaFin: body.GUI_FECHA_FIN,
      placa: body.GUI_PLACA,
    },
    destinatarios: body.destinatarios.map(entradaDestinatario),
    camposAdicionales: body.FAC_ADICIONAL ?? [],
  });

/** The draft's rows from the form's body, or a 404 / 400 with every reason. */
async function valoresDe(db: Executor, actor: CompanyActor, body: GuiaRemisionBorrador) {
  const empresa = actor.empresa;
  // Whose data comes first: another company's point, carrier, client, product or invoice is a 404 whatever else the body says.
  const punto = await puntoDeEmpresa(db, empresa, body.PEM_CODIGO);
  if (!punto) throw new HttpError(404, MSG.notFound);
  const transportista = await findTransportista(db, empresa, body.TRA_CODIGO);
  if (!transportista) throw new HttpError(404, GUIAS_MSG.transportistaAjeno);
  const clientes = unicos(body.destinatarios.map((d) => d.CLI_CODIGO));
  if ((await clientesDeEmpresa(db, empresa, clientes)).size !== clientes.length) throw new HttpError(404, MSG.notFound);
  const productos = unicos(body.destinatarios.flatMap((d) => d.detalles.map((b) => b.CAT_CODIGO)));
  if ((await productosDeEmpresa(db, empresa, productos)).size !== productos.length) throw new HttpError(404, FACTURAS_MSG.productoAjeno);
  const sustentos = unicos(body.destinatarios.map((d) => d.GDE_SUSTENTO));
  const facturas = await facturasVisibles(db, clientScopeValues(actor), sustentos);
  if (facturas.size !== sustentos.length) throw new HttpError(404, GUIAS_MSG.sustentoAjeno);
  if (!esDia(body.FAC_FECHA)) throw new HttpError(400, FACTURAS_MSG.fecha);

  const errores: ErrorFactura[] = [];
  if (!transportista.TRA_ACTIVO) errores.push({ campo: 'TRA_CODIGO', mensaje: GUIAS_MSG.transportistaInactivo });
  errores.push(...reglasBorrador(body));
  const destinatarios: ValoresDestinatario[] = body.destinatarios.map((d, i) => {
    const n = i + 1;
    if (d.GDE_SUSTENTO && facturas.get(d.GDE_SUSTENTO) !== 'AUTORIZADA')
      errores.push({ campo: 'destinatarios.sustento', linea: n, mensaje: GUIA_MSG.sustentoNoAutorizado(n) });
    const { validas, invalidas } = direcciones((d.GDE_CORREOS ?? []).join(','));
    for (const correo of invalidas)
      errores.push({ campo: 'destinatarios.correos', linea: n, mensaje: enDestinatario(n, FACTURAS_MSG.correoInvalido(correo)) });
    return {
      CLI_CODIGO: d.CLI_CODIGO ?? null,
      GDE_IDENTIFICACION: d.GDE_IDENTIFICACION.trim(),
      GDE_RAZON_SOCIAL: d.GDE_RAZON_SOCIAL.trim(),
      GDE_DIRECCION: d.GDE_DIRECCION.trim(),
      GDE_CORREOS: validas,
      GDE_MOTIVO: d.GDE_MOTIVO.trim(),
      GDE_DOC_ADUANERO: opcional(d.GDE_DOC_ADUANERO),
      GDE_ESTAB_DESTINO: opcional(d.GDE_ESTAB_DESTINO),
      GDE_RUTA: opcional(d.GDE_RUTA),
      GDE_SUSTENTO: d.GDE_SUSTENTO ?? null,
      detalles: d.detalles.map((b) => ({
        CAT_CODIGO: b.CAT_CODIGO ?? null,
        GDT_CODIGO_INTERNO: opcional(b.GDT_CODIGO_INTERNO),
        GDT_CODIGO_ADICIONAL: opcional(b.GDT_CODIGO_ADICIONAL),
        GDT_DESCRIPCION: b.GDT_DESCRIPCION.trim(),
        GDT_CANTIDAD: String(b.GDT_CANTIDAD).trim(),
        GDT_ADICIONALES: (b.GDT_ADICIONALES ?? [])
          .map((c) => ({ nombre: c.nombre.trim(), valor: c.valor.trim() }))
          .filter((c) => c.nombre || c.valor),
      })),
    };
  });
  if (errores.length) throw new ComprobanteRechazado(errores);

  const cabecera: ValoresBorrador = {
    EMP_CODIGO: empresa,
    FAC_TIPO: TIPO_GUIA,
    PEM_CODIGO: punto.PEM_CODIGO,
    TRA_CODIGO: transportista.TRA_CODIGO,
    CLI_CODIGO: null,
    PRV_CODIGO: null,
    FAC_FECHA: body.FAC_FECHA,
    FAC_SUBTOTAL: '0',
    FAC_DESCUENTO: '0',
    FAC_IVA: '0',
    FAC_PROPINA: '0',
    FAC_TOTAL: '0',
    FAC_ADICIONAL: (body.FAC_ADICIONAL ?? [])
      .map((c) => ({ nombre: c.nombre.trim(), valor: c.valor.trim() }))
      .filter((c) => c.nombre || c.valor),
    USU_CODIGO: actor.usuario,
  };
  const transporte = {
    GUI_DIR_PARTIDA: body.GUI_DIR_PARTIDA.trim(),
    GUI_FECHA_INICIO: body.GUI_FECHA_INICIO,
    GUI_FECHA_FIN: body.GUI_FECHA_FIN,
    GUI_PLACA: body.GUI_PLACA.trim(),
  };
  return { cabecera, transporte, destinatarios };
}

export async function crearGuia(db: Db, actor: CompanyActor, body: GuiaRemisionBorrador): Promise<GuiaRemisionDetalle> {
  const { cabecera, transporte, destinatarios } = await valoresDe(db, actor, body);
  const id = await db.transaction(async (tx) => {
    const nueva = await insertBorrador(tx, cabecera, [], []);
    await escribirGuia(tx, nueva, transporte, destinatarios);
    return nueva;
  });
  return (await findGuia(db, actor.empresa, id))!;
}

const { edicion, eliminacion } = cambiosBorrador(GUIAS_MSG);

export async function editarGuia(db: Db, actor: CompanyActor, id: number, body: GuiaRemisionBorrador): Promise<GuiaRemisionDetalle> {
  // An issued one says so before its content is judged (and again under the lock).
  const actual = found(await findGuia(db, actor.empresa, id));
  exigirEstado(actual.FAC_ESTADO, edicion);
  const { cabecera, transporte, destinatarios } = await valoresDe(db, actor, body);
  await db.transaction(async (tx) => {
    await bloquearPara(tx, { empresa: actor.empresa }, TIPO_GUIA, id, edicion);
    await replaceBorrador(tx, id, cabecera, [], []);
    await escribirGuia(tx, id, transporte, destinatarios);
  });
  return (await findGuia(db, actor.empresa, id))!;
}

/** Deletes a draft of the company; an issued one is a 409. Its transport, destinatarios and goods go with it (cascade). */
export async function eliminarGuia(db: Db, empresa: number, id: number) {
  await db.transaction(async (tx) => {
    await bloquearPara(tx, { empresa }, TIPO_GUIA, id, eliminacion);
    await deleteBorrador(tx, id);
  });
  return { FAC_CODIGO: id };
}
