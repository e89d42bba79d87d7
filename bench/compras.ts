/**
 * npm run bench -- --compras (and after the notes with --facturas): the purchase side on Ferretería El Tornillo and its
 * seeded signature, PGlite in memory or PostgreSQL with BENCH_DATABASE_URL.
 *
 * 1. Importing received documents: 2 000 authorized files of 20-line invoices from 100 suppliers to the company, built
 *    and signed once (XAdES-BES, as a supplier's system signs them; the check is cryptographic), go through the
 *    import's service (recibidos/importar.ts, what POST /api/recibidos/archivos runs after reading the upload): 1 000
 *    one at a time (each document's time: read, key and signature, insert, supplier), then 1 000 in one call as one
 *    upload of the route's maximum goes, four at a time. Budget: at least 100 documents a second on one core, so that
 *    an upload of the route's 1 000 answers within 10 s; and so a median of at most 10 ms per document.
 * 2. 1 000 retenciones, each on one of those received invoices (renta 312 on its subtotal, IVA 30 % on its IVA), then
 * 3. 1 000 liquidaciones de compra of 20 lines to a supplier with cédula, issued one after another through the core
 *    (emitirComprobante): each one's whole transaction. Budget: the invoice's, median ≤ 5 ms end to end.
 * The drafts are made through the modules' own services (the screens' POST), not timed.
 */
import { performance } from 'node:perf_hooks';
import { DOMParser } from '@xmldom/xmldom';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { codigosRetencion, proveedores, recibidos, usuarios } from '../server/infra/db/schema';
import type { CompanyActor } from '../server/core/actor';
import {
  certificadoEmpresa,
  crearClienteSri,
  emitirComprobante,
  firmarXml,
  verificarFirmaXml,
  type TiemposEmision,
} from '../server/modules/comprobantes';
import type { Comprobante, TipoComprobante } from '../server/modules/comprobantes/tipo';
import { facturaXml } from '../server/modules/facturas/xml';
import { tipoLiquidacion } from '../server/modules/liquidacionesCompra';
import { crearLiquidacion } from '../server/modules/liquidacionesCompra/borradores';
import { tipoRetencion } from '../server/modules/retenciones';
import { crearRetencion } from '../server/modules/retenciones/borradores';
import { importar, type Pendiente } from '../server/modules/recibidos/importar';
import { leerArchivo, leerComprobante } from '../server/modules/recibidos/lectura';
import { armarComprobante } from '../domain/facturas';
import { calcularLiquidacion } from '../domain/liquidacionesCompra';
import { abrir } from './facturas';
import { analizar, LINEAS, lineasBench, pagosBench, prepararFerreteria } from './factura-bench';
import { median, percentil, verdict } from './report';

const LOTE = 1_000;
const PROVEEDORES = 100;
const PRESUPUESTO_MS = 5;
const PRESUPUESTO_DOCUMENTOS_S = 100;
const PRESUPUESTO_DOCUMENTO_MS = 1000 / PRESUPUESTO_DOCUMENTOS_S;
/** A seller of the countryside, identified by cédula: whom a liquidación de compra is issued to. */
const CEDULA = '1710034065';

const PARTES: Record<keyof TiemposEmision, string> = {
  transaccion: 'de ello, la transacción entera',
  leer: 'bloquear el borrador y leerlo',
  secuencial: 'bloquear los planes, contar los en camino, tomar el número',
  armar: 'armar (reglas del tipo, leer sus filas)',
  xml: 'XML',
  esquema: 'esquema',
  firma: 'firma',
  guardar: 'guardar y poner en la cola del SRI',
};

type Fila = Record<string, string | number>;

/**
 * Milliseconds of CPU this process has spent (user + system): on PGlite the database's work too. On a loaded machine
 * the wall clock also counts the time spent waiting for a CPU; this column says what the work itself costs.
 */
const cpu = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** A company's RUC (third digit 9) with its module-11 check digit, different for each `n`. */
function rucSociedad(n: number): string {
  for (let k = n * 7; ; k++) {
    const base = `179${String(k).padStart(6, '0')}`;
    const suma = [4, 3, 2, 7, 6, 5, 4, 3, 2].reduce((s, c, i) => s + c * Number(base[i]), 0);
    const digito = 11 - (suma % 11);
    if (digito === 10) continue;
    return `${base}${digito === 11 ? 0 : digito}001`;
  }
}

/** Median and p99 of one part, as a row under its total. */
const parte = (medida: string, tiempos: number[], columna: string): Fila => ({
  medida: `  ${medida}`,
  'mediana ms': median(tiempos),
  'p99 ms': percentil(tiempos, 99),
  'CPU ms': '',
  [columna]: '',
  veredicto: '',
});

export async function benchCompras({ databaseUrl }: { databaseUrl?: string }) {
  const bench = await abrir(databaseUrl);
  const { db } = bench.deps;
  try {
    const { tornillo, destino } = await prepararFerreteria(db, 'Plan del benchmark', 2 * LOTE + 10);
    const { empresa, punto, hoy } = destino;
    const [usuario] = await db.select({ id: usuarios.USU_CODIGO }).from(usuarios).where(eq(usuarios.COM_CODIGO, empresa)).limit(1);
    const actor: CompanyActor = {
      kind: 'empresa',
      usuario: usuario!.id,
      empresa,
      sesion: 'bench',
      cambiarClave: false,
      nombreUsuario: 'bench',
      rol: 'administrador',
    };
    const filas: Fila[] = [];
    let failed = false;

    // 1. 2 000 invoices to the company, authorized, as its suppliers' systems sign them and the SRI hands them out.
    const ahora = new Date();
    const certificado = await certificadoEmpresa(bench.deps, empresa, ahora);
    const ambiente = String(tornillo.EMP_AMBIENTE) as '1' | '2';
    const archivos: Pendiente[] = Array.from({ length: 2 * LOTE }, (_, i) => {
      const n = (i % PROVEEDORES) + 1;
      const armado = armarComprobante({
        emisor: {
          ruc: rucSociedad(n),
          razonSocial: `DISTRIBUIDORA DE MATERIALES NÚMERO ${n} S.A.`,
          nombreComercial: null,
          direccionMatriz: 'Av. de la Prensa N45-12, Quito',
          obligadoContabilidad: true,
        },
        ambiente,
        establecimiento: '001',
        puntoEmision: '001',
        fecha: hoy,
        secuencial: Math.floor(i / PROVEEDORES) + 1,
        comprador: { tipoIdentificacion: '04', identificacion: tornillo.EMP_RUC, razonSocial: tornillo.EMP_NOMBRE },
        lineas: lineasBench,
        pagos: pagosBench,
      });
      if (!armado.ok) throw new Error(armado.errores.map((e) => e.mensaje).join(' '));
      const firmado = firmarXml(facturaXml(armado.comprobante), certificado, ahora);
      const clave = armado.comprobante.infoTributaria.claveAcceso;
      const xml =
        '<?xml version="1.0" encoding="UTF-8"?><autorizacion><estado>AUTORIZADO</estado>' +
        `<numeroAutorizacion>${clave}</numeroAutorizacion><fechaAutorizacion>${ahora.toISOString()}</fechaAutorizacion>` +
        `<ambiente>${ambiente === '2' ? 'PRODUCCIÓN' : 'PRUEBAS'}</ambiente>` +
        `<comprobante><![CDATA[${firmado}]]></comprobante><mensajes/></autorizacion>`;
      return { origen: `factura-${i + 1}.xml`, origenRecibido: 'xml', xml };
    });
    // Authorized files never reach the SRI; a client of nowhere says so if one did.
    const nadie = 'http://127.0.0.1:9';
    const imp = { db, sri: crearClienteSri({ urls: { '1': nadie, '2': nadie }, timeoutMs: 1000 }), empresa, usuario: usuario!.id };

    // Reading alone, in this process: the files, the comprobante's checks and its signature, and the signature alone.
    const lectura: number[] = [];
    const firma: number[] = [];
    for (const p of archivos.slice(0, LOTE)) {
      const xml = (p as { xml: string }).xml;
      const t0 = performance.now();
      const archivo = leerArchivo(xml);
      if (archivo.tipo !== 'autorizado') throw new Error('Se esperaba un archivo autorizado');
      leerComprobante(archivo.comprobante);
      const t1 = performance.now();
      const raiz = new DOMParser().parseFromString(archivo.comprobante, 'text/xml').documentElement!;
      const t2 = performance.now();
      verificarFirmaXml(raiz, raiz.getElementsByTagNameNS('http://www.w3.org/2000/09/xmldsig#', 'Signature')[0]!);
      firma.push(performance.now() - t2);
      lectura.push(t1 - t0);
    }

    const porDocumento: number[] = [];
    const cpuDocumento: number[] = [];
    const inicio = performance.now();
    for (const p of archivos.slice(0, LOTE)) {
      const [t0, c0] = [performance.now(), cpu()];
      const r = await importar(imp, [p]);
      porDocumento.push(performance.now() - t0);
      cpuDocumento.push(cpu() - c0);
      if (r.importados !== 1) throw new Error(`No se importó ${p.origen}: ${r.resultados[0]?.mensaje}`);
    }
    const segundosUno = (performance.now() - inicio) / 1000;
    const [t0, c0] = [performance.now(), cpu()];
    const lote = await importar(imp, archivos.slice(LOTE));
    const segundosLote = (performance.now() - t0) / 1000;
    const cpuLote = cpu() - c0;
    if (lote.importados !== LOTE)
      throw new Error(`Se importaron ${lote.importados} de ${LOTE}: ${lote.resultados.find((r) => r.mensaje)?.mensaje}`);
    const porSegundo = LOTE / segundosLote;
    const medianaDocumento = median(porDocumento);
    const documentoOk = medianaDocumento <= PRESUPUESTO_DOCUMENTO_MS;
    const loteOk = porSegundo >= PRESUPUESTO_DOCUMENTOS_S;
    failed ||= !documentoOk || !loteOk;
    const importacion: Fila[] = [
      {
        medida: 'importar uno a uno (leer, clave, firma, insertar, proveedor)',
        'mediana ms': medianaDocumento,
        'p99 ms': percentil(porDocumento, 99),
        'CPU ms': median(cpuDocumento),
        'documentos/s': Math.round(LOTE / segundosUno),
        veredicto: `${verdict(documentoOk)} (mediana ≤ ${PRESUPUESTO_DOCUMENTO_MS} ms)`,
      },
      parte('de ello, leer el archivo y el comprobante, comprobar la clave y la firma', lectura, 'documentos/s'),
      parte('de ello, la firma sola (verificarFirmaXml)', firma, 'documentos/s'),
      {
        medida: `importar ${LOTE.toLocaleString('es-EC')} en una llamada, de 4 en 4 (lo que hace una subida)`,
        'mediana ms': '',
        'p99 ms': '',
        'CPU ms': cpuLote / LOTE,
        'documentos/s': Math.round(porSegundo),
        veredicto: `${verdict(loteOk)} (≥ ${PRESUPUESTO_DOCUMENTOS_S}/s: ${segundosLote.toFixed(1)} s)`,
      },
    ];

    /** Issues the documents one after another: the table's rows for them. */
    const medir = async <C extends Comprobante, L>(nombre: string, tipo: TipoComprobante<C, L>, ids: number[]) => {
      await analizar(db);
      const porUno: number[] = [];
      const cpuUno: number[] = [];
      const partes: TiemposEmision[] = [];
      const inicio = performance.now();
      for (const id of ids) {
        const [t0, c0] = [performance.now(), cpu()];
        const emision = await emitirComprobante(bench.deps, empresa, id, tipo);
        porUno.push(performance.now() - t0);
        cpuUno.push(cpu() - c0);
        partes.push(emision.tiempos);
      }
      const segundos = (performance.now() - inicio) / 1000;
      const mediana = median(porUno);
      failed ||= mediana > PRESUPUESTO_MS;
      filas.push(
        {
          medida: `${nombre}: emitir, de punta a punta`,
          'mediana ms': mediana,
          'p99 ms': percentil(porUno, 99),
          'CPU ms': median(cpuUno),
          'por s': Math.round(ids.length / segundos),
          veredicto: `${verdict(mediana <= PRESUPUESTO_MS)} (mediana ≤ ${PRESUPUESTO_MS} ms)`,
        },
        ...(Object.keys(PARTES) as Array<keyof TiemposEmision>).map((p) =>
          parte(
            PARTES[p],
            partes.map((t) => t[p]),
            'por s',
          ),
        ),
      );
    };

    // 2. A retención on each invoice imported one at a time: renta on its subtotal, IVA on its IVA.
    const codigo = async (impuesto: string, cod: string) => {
      const [fila] = await db
        .select({ id: codigosRetencion.RCO_ID })
        .from(codigosRetencion)
        .where(and(eq(codigosRetencion.RCO_IMPUESTO, impuesto), eq(codigosRetencion.RCO_CODIGO, cod)))
        .orderBy(desc(codigosRetencion.RCO_DESDE))
        .limit(1);
      if (!fila) throw new Error(`Falta el código de retención ${impuesto}/${cod} vigente`);
      return fila.id;
    };
    const renta = await codigo('1', '312');
    const iva = await codigo('2', '1');
    const documentos = await db
      .select({ id: recibidos.REC_CODIGO, proveedor: recibidos.PRV_CODIGO, subtotal: recibidos.REC_SUBTOTAL, iva: recibidos.REC_IVA })
      .from(recibidos)
      .where(
        inArray(
          recibidos.REC_CODIGO,
          db
            .select({ id: recibidos.REC_CODIGO })
            .from(recibidos)
            .where(eq(recibidos.EMP_CODIGO, empresa))
            .orderBy(recibidos.REC_CODIGO)
            .limit(LOTE),
        ),
      )
      .orderBy(recibidos.REC_CODIGO);
    const retenciones: number[] = [];
    for (const d of documentos) {
      const r = await crearRetencion(db, actor, {
        PRV_CODIGO: d.proveedor!,
        PEM_CODIGO: punto,
        FAC_FECHA: hoy,
        sustentos: [
          {
            REC_CODIGO: d.id,
            RSU_SUSTENTO: '01',
            retenciones: [
              { RCO_ID: renta, RDE_BASE: d.subtotal },
              { RCO_ID: iva, RDE_BASE: d.iva },
            ],
          },
        ],
      });
      retenciones.push(r.FAC_CODIGO);
    }
    await medir('retención de 1 documento (renta + IVA)', tipoRetencion, retenciones);

    // 3. Liquidaciones de compra of the bench's 20 lines to a seller identified by cédula.
    const [vendedor] = await db
      .insert(proveedores)
      .values({
        EMP_CODIGO: empresa,
        PRV_TIPO_IDENTIFICACION: '05',
        PRV_IDENTIFICACION: CEDULA,
        PRV_RAZON_SOCIAL: 'MARÍA JOSÉ QUISHPE TOAPANTA',
        PRV_DIRECCION: 'Comunidad San José de Cocotog, Quito',
        PRV_CORREOS: ['mariajose.quishpe@correo.ec'],
      })
      .returning({ id: proveedores.PRV_CODIGO });
    const calculo = calcularLiquidacion(lineasBench, pagosBench);
    const cuerpo = {
      PEM_CODIGO: punto,
      PRV_CODIGO: vendedor!.id,
      FAC_FECHA: hoy,
      lineas: lineasBench.map((l, i) => ({
        FDE_PRINCIPAL: l.codigoPrincipal,
        FDE_DESCRIPCION: l.descripcion,
        FDE_CANTIDAD: calculo.lineas[i]!.cantidad,
        FDE_PRECIO: calculo.lineas[i]!.precioUnitario,
        FDE_DESCUENTO: calculo.lineas[i]!.descuento,
        FDE_IVA: l.codigoPorcentaje,
      })),
      pagos: [{ FPA_FORMA: '20', FPA_TOTAL: calculo.importeTotal, FPA_PLAZO: 0, FPA_UNIDAD: 'dias' }],
      totalSinImpuestos: calculo.totalSinImpuestos,
      totalDescuento: calculo.totalDescuento,
      totalIva: calculo.totalIva,
      importeTotal: calculo.importeTotal,
    };
    const liquidaciones: number[] = [];
    for (let i = 0; i < LOTE; i++) liquidaciones.push((await crearLiquidacion(db, actor, cuerpo)).FAC_CODIGO);
    await medir(`liquidación de compra de ${LINEAS} líneas`, tipoLiquidacion, liquidaciones);

    return { importacion, filas, failed, where: bench.where, total: LOTE, proveedores: PROVEEDORES };
  } finally {
    await bench.close();
  }
}
