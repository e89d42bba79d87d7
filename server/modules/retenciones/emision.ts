/**
 * The comprobante de retención in one call (POST /api/retenciones/emision): the supplier by identification, the
 * document withheld on by its number or access key (a factura or nota de débito received from that supplier, or the
 * company's own liquidación de compra to it), and each withholding by the SRI's code with its base; the percentage is
 * the code's in force on the retención's date (codigosRetencion) and the fiscal period its month, as the form does.
 * Saved through the drafts' own service (every rule and message is the form's); the supplier's data the body brings
 * are written once the draft is.
 */
import { and, desc, eq, inArray, or } from 'drizzle-orm';
import { Type, type Static } from 'typebox';
import type { Db } from '../../infra/db/client';
import { codigosRetencion, facturas, recibidos } from '../../infra/db/schema';
import type { CompanyActor } from '../../core/actor';
import { HttpError } from '../../core/errors';
import { ROLES_PERMITIDOS } from '../../../domain/roles';
import { enRetencion, RECIBIDOS_RETENIBLES, RETENCIONES_MSG, vigenteEl } from '../../../domain/retenciones';
import { CamposDirectos, DocumentoCitado, EMISION_MSG, ReceptorDirecto } from '../../../domain/contratos/emision';
import { ComprobanteRechazado, fechaNota, puntoDeSerie, type ModuloEmisionDirecta } from '../comprobantes';
import { proveedorExistente, proveedorPorIdentificacion } from '../proveedores';
import { crearRetencion, eliminarRetencion } from './borradores';
import { tipoRetencion } from './tipo';

const Impuesto = Type.Object({
  codigo: Type.String({
    maxLength: 5,
    description: 'Código de retención del SRI vigente (GET /api/codigosRetencion), p. ej. 312, 332, 725',
  }),
  impuesto: Type.Optional(
    Type.String({
      pattern: '^[126]$',
      errorMessage: 'El impuesto es 1 renta, 2 IVA o 6 ISD',
      description: 'Solo si el código existe en varios impuestos: 1 renta, 2 IVA, 6 ISD',
    }),
  ),
  baseImponible: Type.Union([Type.Number(), Type.String({ maxLength: 40 })], {
    description: 'Base imponible en dólares, hasta 2 decimales',
  }),
});

const RetencionDirecta = Type.Object(
  {
    ...CamposDirectos,
    proveedor: ReceptorDirecto,
    documentoSustento: Type.Object(
      {
        ...DocumentoCitado.properties,
        codDocSustento: Type.Optional(
          Type.String({
            pattern: '^0[135]$',
            errorMessage: 'El documento de sustento es 01 factura, 03 liquidación de compra o 05 nota de débito',
            description:
              '01 factura o 05 nota de débito recibidas del proveedor, 03 liquidación de compra de la empresa; por defecto, cualquiera con ese número',
          }),
        ),
        codSustento: Type.Optional(
          Type.String({
            pattern: '^[0-9]{2}$',
            errorMessage: 'Elija el sustento tributario',
            description: 'Sustento tributario del SRI; por defecto 01',
          }),
        ),
      },
      { description: 'El documento sobre el que se retiene, por su número o su clave de acceso' },
    ),
    impuestos: Type.Array(Impuesto, { minItems: 1, maxItems: 20, errorMessage: 'Cada documento admite de 1 a 20 retenciones' }),
  },
  {
    examples: [
      {
        serie: '001-001',
        fechaEmision: '2026-03-02',
        proveedor: { identificacion: '1790016919001', email: 'facturacion@mayorista.ec' },
        documentoSustento: { codDocSustento: '01', numero: '002-001-000004512', codSustento: '01' },
        impuestos: [
          { codigo: '312', baseImponible: '100.00' },
          { codigo: '725', baseImponible: '15.00' },
        ],
        camposAdicionales: [{ nombre: 'Contabilidad', valor: 'Asiento 2026-0312' }],
      },
    ],
  },
);
type RetencionDirecta = Static<typeof RetencionDirecta>;

/** The supplier's document by its number or access key: a received 01/05, or the company's own 03. */
async function sustentoDe(db: Db, empresa: number, proveedor: number, d: RetencionDirecta['documentoSustento']) {
  if (!d.numero && !d.claveAcceso) throw new HttpError(400, EMISION_MSG.citadoSinDatos);
  const cual = d.claveAcceso ? `la clave de acceso ${d.claveAcceso}` : `el número ${d.numero}`;
  const tipos = d.codDocSustento ? [d.codDocSustento] : ['01', '03', '05'];
  const recibidosTipos = tipos.filter((t) => (RECIBIDOS_RETENIBLES as readonly string[]).includes(t));
  if (recibidosTipos.length) {
    const [r] = await db
      .select({ id: recibidos.REC_CODIGO })
      .from(recibidos)
      .where(
        and(
          eq(recibidos.EMP_CODIGO, empresa),
          eq(recibidos.PRV_CODIGO, proveedor),
          inArray(recibidos.REC_TIPO, recibidosTipos),
          d.claveAcceso ? eq(recibidos.REC_CLAVE_ACCESO, d.claveAcceso) : eq(recibidos.REC_NUMERO, d.numero!),
        ),
      )
      .orderBy(desc(recibidos.REC_CODIGO))
      .limit(1);
    if (r) return { REC_CODIGO: r.id };
  }
  if (tipos.includes('03')) {
    const [l] = await db
      .select({ id: facturas.FAC_CODIGO })
      .from(facturas)
      .where(
        and(
          eq(facturas.EMP_CODIGO, empresa),
          eq(facturas.PRV_CODIGO, proveedor),
          eq(facturas.FAC_TIPO, '03'),
          d.claveAcceso ? eq(facturas.FAC_CLAVE_ACCESO, d.claveAcceso) : eq(facturas.FAC_NUMERO, d.numero!),
        ),
      )
      .limit(1);
    if (l) return { RSU_LIQUIDACION: l.id };
  }
  throw new HttpError(400, EMISION_MSG.sustentoNoExiste(cual));
}

/**
 * Each withholding's row of the table of codes: the one in force on `fecha`, or (none in force) the latest, which the
 * drafts' rules refuse as not in force. A code no row has is the form's «no existe»; one of several taxes, a 400
 * asking which.
 */
async function codigosDe(db: Db, fecha: string, impuestos: RetencionDirecta['impuestos']) {
  const codigos = [...new Set(impuestos.map((i) => i.codigo.trim()))];
  const filas = await db
    .select()
    .from(codigosRetencion)
    .where(or(...codigos.map((c) => eq(codigosRetencion.RCO_CODIGO, c))))
    .orderBy(desc(codigosRetencion.RCO_DESDE));
  const errores: Array<{ campo: string; linea: number; mensaje: string }> = [];
  const ids = impuestos.map((i, n) => {
    const todas = filas.filter((f) => f.RCO_CODIGO === i.codigo.trim() && (!i.impuesto || f.RCO_IMPUESTO === i.impuesto));
    const vigentes = todas.filter((f) => vigenteEl({ desde: f.RCO_DESDE, hasta: f.RCO_HASTA }, fecha));
    const candidatas = vigentes.length ? vigentes : todas;
    if (new Set(candidatas.map((f) => f.RCO_IMPUESTO)).size > 1) throw new HttpError(400, EMISION_MSG.codigoAmbiguo(i.codigo));
    if (!candidatas.length)
      errores.push({ campo: 'codigo', linea: n + 1, mensaje: enRetencion(1, n + 1, RETENCIONES_MSG.codigoInexistente) });
    return candidatas[0]?.RCO_ID ?? 0;
  });
  if (errores.length) throw new ComprobanteRechazado(errores);
  return ids;
}

async function guardar(db: Db, actor: CompanyActor, cuerpo: RetencionDirecta) {
  const empresa = actor.empresa;
  const PEM_CODIGO = await puntoDeSerie(db, empresa, cuerpo.serie);
  const fecha = fechaNota(cuerpo.fechaEmision);
  const d = cuerpo.documentoSustento;
  // A supplier the book does not know has no document to withhold on.
  const proveedor = await proveedorExistente(db, empresa, cuerpo.proveedor);
  if (!proveedor)
    throw new HttpError(400, EMISION_MSG.sustentoNoExiste(d.claveAcceso ? `la clave de acceso ${d.claveAcceso}` : `el número ${d.numero}`));
  const documento = await sustentoDe(db, empresa, proveedor.PRV_CODIGO, d);
  const codigos = await codigosDe(db, fecha, cuerpo.impuestos);
  const retencion = await crearRetencion(db, actor, {
    PRV_CODIGO: proveedor.PRV_CODIGO,
    PEM_CODIGO,
    FAC_FECHA: fecha,
    sustentos: [
      {
        ...documento,
        RSU_SUSTENTO: d.codSustento ?? '01',
        retenciones: cuerpo.impuestos.map((i, n) => ({ RCO_ID: codigos[n]!, RDE_BASE: i.baseImponible })),
      },
    ],
    FAC_ADICIONAL: cuerpo.camposAdicionales,
  });
  try {
    const receptor = await proveedorPorIdentificacion(db, actor, cuerpo.proveedor);
    return { id: retencion.FAC_CODIGO, receptor };
  } catch (error) {
    await eliminarRetencion(db, empresa, retencion.FAC_CODIGO);
    throw error;
  }
}

export const emisionRetencion: ModuloEmisionDirecta<RetencionDirecta> = {
  tipo: tipoRetencion,
  tags: ['Retenciones'],
  roles: ROLES_PERMITIDOS.retenciones.emitir,
  cuerpo: RetencionDirecta,
  descripcion:
    'El proveedor va por su identificación (ya registrado: sus datos se actualizan con los enviados); el documento de sustento por su número o clave de acceso (una factura o nota de débito recibida de él, o una liquidación de compra de la empresa); cada retención por el código del SRI vigente en la fecha, con su base imponible: el porcentaje es el de la tabla de códigos y el período fiscal el mes de la retención.',
  alcance: (actor) => ({ empresa: actor.empresa }),
  guardar,
  eliminar: (db, { empresa }, id) => eliminarRetencion(db, empresa, id),
};
