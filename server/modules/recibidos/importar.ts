/**
 * Recording received documents, whichever way they arrive (authorized files, access keys, the portal's report): each
 * one read, checked and written in its own transaction, so that one refused never stops the others.
 *
 * Decisions:
 * - An authorized file (<autorizacion> with estado AUTORIZADO) is taken at its word for the authorization, and its
 *   signature is checked cryptographically: a changed byte breaks it. A bare signed comprobante is not proof of
 *   authorization (anyone can sign a draft): its key is asked to the SRI, and what the SRI gives back is kept.
 * - A document of the SRI's test environment (ambiente 1) has no tax value: refused while the company is in producción;
 *   a company still in pruebas accepts both, to try the import.
 * - The key's check digit, and that it says what the document says, are checked; a duplicate (same company and key) is
 *   "duplicado", not an error, and asks nothing of the SRI.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../infra/db/client';
import { clientes, empresas, recibidos } from '../../infra/db/schema';
import { validarClaveAcceso } from '../../../domain/comprobantes/clave-acceso';
import type { ClienteSri } from '../comprobantes';
import { asegurarProveedor } from '../proveedores';
import { aplicarRetencionRecibida } from '../cuentas';
import { RECIBIDOS_MSG, type ResultadoImportacion, type ResultadoRecibido } from './contract';
import { leerArchivo, leerComprobante, Rechazo, type AutorizacionLeida } from './lectura';

/** Keys asked to the SRI at once. */
const CONCURRENCIA = 4;

type Importador = {
  db: Db;
  sri: ClienteSri;
  empresa: number;
  usuario: number;
};

type Empresa = { ruc: string; ambiente: number };
type Hecho = ResultadoRecibido & { proveedorNuevo?: boolean };
/** One document to record: where it came from, and how to get it (a key, or an XML file's text). */
export type Pendiente = { origen: string; origenRecibido: 'xml' | 'clave' | 'reporte' } & ({ clave: string } | { xml: string });

async function empresaDe(db: Executor, empresa: number): Promise<Empresa> {
  const [fila] = await db
    .select({ ruc: empresas.EMP_RUC, ambiente: empresas.EMP_AMBIENTE })
    .from(empresas)
    .where(eq(empresas.EMP_CODIGO, empresa));
  return fila!;
}

async function yaRegistrado(db: Executor, empresa: number, clave: string) {
  const [fila] = await db
    .select({ id: recibidos.REC_CODIGO })
    .from(recibidos)
    .where(and(eq(recibidos.EMP_CODIGO, empresa), eq(recibidos.REC_CLAVE_ACCESO, clave)));
  return fila?.id;
}

/** The company's client who issued it (a retención, a liquidación), by RUC or by the cédula inside a person's RUC. */
async function clienteEmisor(tx: Executor, empresa: number, ruc: string) {
  const ids = ruc.endsWith('001') ? [ruc, ruc.slice(0, 10)] : [ruc];
  const [fila] = await tx
    .select({ id: clientes.CLI_CODIGO })
    .from(clientes)
    .where(and(eq(clientes.EMP_CODIGO, empresa), inArray(clientes.CLI_IDENTIFICACION, ids)))
    .orderBy(sql`${clientes.CLI_IDENTIFICACION} = ${ruc} DESC`)
    .limit(1);
  return fila?.id ?? null;
}

/**
 * Whether a document names the company as its addressee: by its RUC or, for a natural person's RUC (third digit 0-5),
 * by the cédula inside it (a liquidación de compra names its supplier, a person, by cédula).
 */
const dirigidoA = (identificacion: string, ruc: string) =>
  identificacion === ruc || (Number(ruc[2]) <= 5 && ruc.endsWith('001') && identificacion === ruc.slice(0, 10));

/** Checks and records one authorized comprobante; a refusal throws Rechazo. */
async function registrar(
  imp: Importador,
  empresa: Empresa,
  origen: string,
  origenRecibido: Pendiente['origenRecibido'],
  xml: string,
  autorizacion: AutorizacionLeida,
): Promise<Hecho> {
  const doc = leerComprobante(xml);
  const base = { origen, clave: doc.clave };
  if (doc.ambiente === 1 && empresa.ambiente === 2) throw new Rechazo(RECIBIDOS_MSG.pruebas, doc.clave);
  if (!dirigidoA(doc.datos.receptor.identificacion, empresa.ruc)) throw new Rechazo(RECIBIDOS_MSG.ajeno, doc.clave);
  return imp.db.transaction(async (tx): Promise<Hecho> => {
    const [creado] = await tx
      .insert(recibidos)
      .values({
        EMP_CODIGO: imp.empresa,
        REC_TIPO: doc.tipo,
        REC_CLAVE_ACCESO: doc.clave,
        REC_NUMERO: doc.numero,
        REC_FECHA: doc.fecha,
        REC_EMISOR_RUC: doc.emisor.ruc,
        REC_EMISOR_RAZON_SOCIAL: doc.emisor.razonSocial.slice(0, 300),
        REC_AUTORIZACION: (autorizacion.numero || doc.clave).slice(0, 49),
        REC_FECHA_AUTORIZACION: autorizacion.fecha,
        REC_AMBIENTE: doc.ambiente,
        REC_SUBTOTAL: doc.subtotal,
        REC_IVA: doc.iva,
        REC_TOTAL: doc.total,
        REC_DATOS: doc.datos,
        REC_XML: xml,
        REC_ORIGEN: origenRecibido,
        USU_CODIGO: imp.usuario,
      })
      .onConflictDoNothing({ target: [recibidos.EMP_CODIGO, recibidos.REC_CLAVE_ACCESO] })
      .returning({ id: recibidos.REC_CODIGO });
    if (!creado)
      return {
        ...base,
        estado: 'duplicado',
        mensaje: RECIBIDOS_MSG.duplicado,
        REC_CODIGO: (await yaRegistrado(tx, imp.empresa, doc.clave)) ?? null,
      };
    const id = creado.id;
    if (doc.tipo === '01' || doc.tipo === '04' || doc.tipo === '05') {
      const proveedor = await asegurarProveedor(tx, imp.empresa, {
        tipoIdentificacion: '04',
        identificacion: doc.emisor.ruc,
        razonSocial: doc.emisor.razonSocial,
        nombreComercial: doc.emisor.nombreComercial,
        direccion: doc.emisor.direccion,
      });
      await tx.update(recibidos).set({ PRV_CODIGO: proveedor.PRV_CODIGO }).where(eq(recibidos.REC_CODIGO, id));
      return {
        ...base,
        estado: 'importado',
        mensaje: proveedor.nuevo ? 'Proveedor añadido' : null,
        REC_CODIGO: id,
        proveedorNuevo: proveedor.nuevo,
      };
    }
    const cliente = await clienteEmisor(tx, imp.empresa, doc.emisor.ruc);
    if (cliente !== null) await tx.update(recibidos).set({ CLI_CODIGO: cliente }).where(eq(recibidos.REC_CODIGO, id));
    if (doc.tipo !== '07') return { ...base, estado: 'importado', mensaje: null, REC_CODIGO: id };
    const aplicacion = await aplicarRetencionRecibida(
      tx,
      imp.empresa,
      {
        REC_CODIGO: id,
        REC_NUMERO: doc.numero,
        REC_FECHA: doc.fecha,
        REC_EMISOR_RUC: doc.emisor.ruc,
        CLI_CODIGO: cliente,
        datos: doc.datos,
      },
      imp.usuario,
    );
    return { ...base, estado: 'importado', mensaje: aplicacion.mensaje, REC_CODIGO: id };
  });
}

/** Asks the SRI for a key and records what it authorized. */
async function porClave(imp: Importador, empresa: Empresa, p: Pendiente, clave: string): Promise<Hecho> {
  const validacion = validarClaveAcceso(clave);
  if (!validacion.valida) throw new Rechazo(validacion.error, clave);
  const existente = await yaRegistrado(imp.db, imp.empresa, clave);
  if (existente) return { origen: p.origen, clave, estado: 'duplicado', mensaje: RECIBIDOS_MSG.duplicado, REC_CODIGO: existente };
  let decisiva;
  try {
    ({ decisiva } = await imp.sri.autorizacionComprobante(validacion.partes.ambiente, clave));
  } catch {
    // The client answers SriNoDisponible for anything that is not the SRI's verdict: this key waits, the others go on.
    throw new Rechazo(RECIBIDOS_MSG.sriNoDisponible, clave);
  }
  if (decisiva?.estado !== 'AUTORIZADO') throw new Rechazo(RECIBIDOS_MSG.noAutorizado, clave);
  if (!decisiva.comprobante) throw new Rechazo(RECIBIDOS_MSG.ilegible, clave);
  const ambiente = decisiva.ambiente?.toUpperCase().startsWith('PRODUCC') ? 2 : decisiva.ambiente ? 1 : null;
  return registrar(imp, empresa, p.origen, p.origenRecibido, decisiva.comprobante, {
    numero: decisiva.numeroAutorizacion ?? clave,
    fecha: decisiva.fechaAutorizacion,
    ambiente,
  });
}

async function uno(imp: Importador, empresa: Empresa, p: Pendiente): Promise<Hecho> {
  try {
    if ('clave' in p) return await porClave(imp, empresa, p, p.clave);
    const archivo = leerArchivo(p.xml);
    if (archivo.tipo === 'comprobante') return await porClave(imp, empresa, p, archivo.clave);
    return await registrar(imp, empresa, p.origen, p.origenRecibido, archivo.comprobante, archivo.autorizacion);
  } catch (error) {
    if (!(error instanceof Rechazo)) throw error;
    return {
      origen: p.origen,
      clave: error.clave ?? ('clave' in p ? p.clave : null),
      estado: 'rechazado',
      mensaje: error.message,
      REC_CODIGO: null,
    };
  }
}

/** Records every pending document, CONCURRENCIA at a time, and answers what happened to each, in their order. */
export async function importar(imp: Importador, pendientes: Pendiente[]): Promise<ResultadoImportacion> {
  const empresa = await empresaDe(imp.db, imp.empresa);
  const hechos: Hecho[] = new Array(pendientes.length);
  let siguiente = 0;
  const trabajar = async () => {
    while (siguiente < pendientes.length) {
      const i = siguiente++;
      hechos[i] = await uno(imp, empresa, pendientes[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCIA, pendientes.length) }, trabajar));
  const contar = (estado: string) => hechos.filter((h) => h.estado === estado).length;
  return {
    importados: contar('importado'),
    duplicados: contar('duplicado'),
    rechazados: contar('rechazado'),
    proveedoresNuevos: hechos.filter((h) => h.proveedorNuevo).length,
    resultados: hechos.map(({ proveedorNuevo: _, ...h }) => h),
  };
}
