/**
 * npm run bench -- --facturas [--runs N]: issuing an invoice of 20 lines, step by step (compute, build, XML, schema,
 * sign) in this process, then 1 000 drafts issued one after another through the issuing service (emitir.ts) on the
 * demo company Ferretería El Tornillo and its seeded signature: each one's whole transaction (lock, plan, sequential,
 * build, schema, signature, store, consume). PGlite in memory, or PostgreSQL with BENCH_DATABASE_URL.
 * Budget (issue 13): median ≤ 25 ms per invoice end to end, signing included.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { throwawayPostgres } from './api-lists';
import { and, eq } from 'drizzle-orm';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/infra/db/client';
import { seedDemo } from '../server/infra/db/seed';
import {
  clientes,
  empresas,
  establecimientos,
  facturas,
  facturasDetalles,
  facturasPagos,
  planesEmpresa,
  puntosEmision,
} from '../server/infra/db/schema';
import { createFileStore } from '../server/infra/files';
import { createStorage } from '../server/infra/storage';
import { secretBoxFor } from '../server/infra/secret-box';
import { armarComprobante, calcularFactura, type LineaFactura } from '../src/domain/facturas';
import { hoyEcuador, sumarDias } from '../src/domain/fechas';
import { certificadoEmpresa, emitirFactura, type TiemposEmision } from '../server/modules/facturas/emitir';
import { facturaXml } from '../server/modules/facturas/xml';
import { prepararValidador, validarFactura } from '../server/modules/facturas/esquema';
import { firmarXml } from '../server/modules/facturas/xades';
import { median, verdict } from './report';

const LINEAS = 20;
const LOTE = 1_000;
const PRESUPUESTO_MS = 25;
const TARIFAS = ['4', '4', '4', '0', '5'];

const PARTES: Record<keyof TiemposEmision, string> = {
  transaccion: 'de ello, la transacción entera',
  leer: 'bloquear el borrador, ver el plan, leerlo',
  secuencial: 'tomar el secuencial',
  armar: 'armar',
  xml: 'XML',
  esquema: 'esquema',
  firma: 'firma',
  guardar: 'guardar y consumir el plan',
};

const percentil = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

/** Twenty lines of a hardware store's sale: quantities and prices with decimals, a few discounts, three IVA rates. */
const lineas: LineaFactura[] = Array.from({ length: LINEAS }, (_, i) => ({
  codigoPrincipal: `FER-${String(i + 1).padStart(4, '0')}`,
  descripcion: `Artículo de ferretería número ${i + 1} — tornillos, pernos y tuercas galvanizadas`,
  cantidad: (1 + (i % 7) * 1.25).toFixed(2),
  precioUnitario: (2.35 + i * 1.731).toFixed(4),
  descuento: i % 4 === 0 ? '0.50' : '0',
  codigoPorcentaje: TARIFAS[i % TARIFAS.length]!,
}));

async function abrir(databaseUrl: string | undefined) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'amelia-bench-facturas-'));
  let url: string | undefined;
  let drop = async () => {};
  if (databaseUrl) ({ url, drop } = await throwawayPostgres(databaseUrl, 'amelia_bench_facturas'));
  const database = await openDatabase(url ? { databaseUrl: url } : {});
  const config = loadConfig({ DATA_DIR: dir });
  await seedDemo(database.db, config);
  const files = createFileStore(createStorage(config.files), database.db, { warn: () => {} });
  return {
    database,
    deps: { db: database.db, files, box: secretBoxFor(config) },
    where: databaseUrl ? 'PostgreSQL' : 'PGlite en memoria',
    async close() {
      await database.close();
      await drop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function benchFacturas({ runs, databaseUrl }: { runs: number; databaseUrl?: string }) {
  const bench = await abrir(databaseUrl);
  const { db } = bench.deps;
  try {
    const [tornillo] = await db.select().from(empresas).where(eq(empresas.EMP_RUC, '1792060346001'));
    const empresa = tornillo!.EMP_CODIGO;
    const [punto] = await db
      .select({ id: puntosEmision.PEM_CODIGO })
      .from(puntosEmision)
      .innerJoin(establecimientos, eq(establecimientos.EST_CODIGO, puntosEmision.EST_CODIGO))
      .where(and(eq(establecimientos.EMP_CODIGO, empresa), eq(puntosEmision.PEM_NUMERO, '001')));
    const [cliente] = await db
      .insert(clientes)
      .values({
        EMP_CODIGO: empresa,
        CLI_TIPO_IDENTIFICACION: '04',
        CLI_IDENTIFICACION: '1790016919001',
        CLI_RAZON_SOCIAL: 'CONSTRUCTORA DEL PICHINCHA S.A.',
        CLI_DIRECCION: 'Av. Shyris N35-52, Quito',
        CLI_CORREOS: ['compras@constructora.ec'],
      })
      .returning({ id: clientes.CLI_CODIGO });
    const hoy = hoyEcuador();
    await db.insert(planesEmpresa).values({
      EMP_CODIGO: empresa,
      PLAN_ID: 1,
      PLANEMPRESA_NOMBRE: 'Plan del benchmark',
      PLANEMPRESA_INICIO: hoy,
      PLANEMPRESA_CADUCA: sumarDias(hoy, 300),
      PLANEMPRESA_COMPROBANTES: LOTE + 10,
      PLANEMPRESA_PRECIO: '0.00',
    });

    // 1. Each step in this process, on the same 20-line invoice (the certificate opened and the schema compiled once).
    const ahora = new Date();
    const certificado = await certificadoEmpresa(bench.deps, empresa, ahora);
    await prepararValidador();
    const datos = {
      emisor: {
        ruc: tornillo!.EMP_RUC,
        razonSocial: tornillo!.EMP_NOMBRE ?? '',
        nombreComercial: tornillo!.EMP_NOMBREC,
        direccionMatriz: tornillo!.EMP_DIRECCION ?? '',
        obligadoContabilidad: true,
      },
      ambiente: '1' as const,
      establecimiento: '001',
      puntoEmision: '001',
      fecha: hoy,
      comprador: { tipoIdentificacion: '04' as const, identificacion: '1790016919001', razonSocial: 'CONSTRUCTORA DEL PICHINCHA S.A.' },
      lineas,
      pagos: [{ formaPago: '20', total: calcularFactura({ lineas, pagos: [] }).importeTotal }],
    };
    const pasos = {
      calcular: [] as number[],
      armar: [] as number[],
      xml: [] as number[],
      esquema: [] as number[],
      firmar: [] as number[],
      total: [] as number[],
    };
    for (let i = 0; i < runs + 5; i++) {
      const t0 = performance.now();
      calcularFactura({ lineas, pagos: datos.pagos });
      const t1 = performance.now();
      const armado = armarComprobante({ ...datos, secuencial: i + 1 });
      if (!armado.ok) throw new Error(armado.errores.map((e) => e.mensaje).join(' '));
      const t2 = performance.now();
      const xml = facturaXml(armado.comprobante);
      const t3 = performance.now();
      const valido = await validarFactura(xml);
      if (!valido.valido) throw new Error(valido.errores.map((e) => e.mensaje).join(' '));
      const t4 = performance.now();
      firmarXml(xml, certificado, ahora);
      const t5 = performance.now();
      if (i < 5) continue; // warm-up
      pasos.calcular.push(t1 - t0);
      pasos.armar.push(t2 - t1);
      pasos.xml.push(t3 - t2);
      pasos.esquema.push(t4 - t3);
      pasos.firmar.push(t5 - t4);
      pasos.total.push(t5 - t1);
    }
    const nombres: Record<keyof typeof pasos, string> = {
      calcular: 'calcular (calcularFactura)',
      armar: 'armar el comprobante y la clave (incluye calcular)',
      xml: 'escribir el XML',
      esquema: 'validar con el esquema del SRI (libxml2-wasm)',
      firmar: 'firmar XAdES-BES (RSA-SHA1)',
      total: 'armar + XML + esquema + firma',
    };
    const filas: Array<Record<string, string | number>> = (Object.keys(pasos) as Array<keyof typeof pasos>).map((paso) => ({
      paso: nombres[paso],
      'mediana ms': median(pasos[paso]),
      'p99 ms': percentil(pasos[paso], 99),
    }));

    // 2. 1 000 drafts of 20 lines, issued one after another through the service (each its own transaction).
    const calculo = calcularFactura({ lineas, pagos: datos.pagos });
    const ids: number[] = [];
    for (let desde = 0; desde < LOTE; desde += 250) {
      const filasFactura = await db
        .insert(facturas)
        .values(
          Array.from({ length: Math.min(250, LOTE - desde) }, () => ({
            EMP_CODIGO: empresa,
            PEM_CODIGO: punto!.id,
            CLI_CODIGO: cliente!.id,
            FAC_FECHA: hoy,
            FAC_SUBTOTAL: calculo.totalSinImpuestos,
            FAC_DESCUENTO: calculo.totalDescuento,
            FAC_IVA: calculo.totalIva,
            FAC_TOTAL: calculo.importeTotal,
          })),
        )
        .returning({ id: facturas.FAC_CODIGO });
      const nuevos = filasFactura.map((r) => r.id);
      ids.push(...nuevos);
      await db.insert(facturasDetalles).values(
        nuevos.flatMap((id) =>
          lineas.map((l, i) => ({
            FAC_CODIGO: id,
            FDE_LINEA: i + 1,
            FDE_PRINCIPAL: l.codigoPrincipal,
            FDE_DESCRIPCION: l.descripcion,
            FDE_CANTIDAD: calculo.lineas[i]!.cantidad,
            FDE_PRECIO: calculo.lineas[i]!.precioUnitario,
            FDE_DESCUENTO: calculo.lineas[i]!.descuento,
            FDE_IVA: l.codigoPorcentaje,
            FDE_SUBTOTAL: calculo.lineas[i]!.precioTotalSinImpuesto,
          })),
        ),
      );
      await db
        .insert(facturasPagos)
        .values(nuevos.map((id) => ({ FAC_CODIGO: id, FPA_LINEA: 1, FPA_FORMA: '20', FPA_TOTAL: calculo.importeTotal })));
    }
    const porFactura: number[] = [];
    const partes: Array<TiemposEmision> = [];
    const inicio = performance.now();
    for (const id of ids) {
      const t0 = performance.now();
      const emision = await emitirFactura(bench.deps, empresa, id);
      porFactura.push(performance.now() - t0);
      partes.push(emision.tiempos);
    }
    const segundos = (performance.now() - inicio) / 1000;
    const mediana = median(porFactura);
    const failed = mediana > PRESUPUESTO_MS;
    const lote: Array<Record<string, string | number>> = [
      {
        medida: 'emitir, de punta a punta',
        'mediana ms': mediana,
        'p99 ms': percentil(porFactura, 99),
        'facturas/s': Math.round(LOTE / segundos),
        veredicto: `${verdict(!failed)} (mediana ≤ ${PRESUPUESTO_MS} ms)`,
      },
      ...(Object.keys(PARTES) as Array<keyof TiemposEmision>).map((parte) => ({
        medida: `  ${PARTES[parte]}`,
        'mediana ms': median(partes.map((p) => p[parte])),
        'p99 ms': percentil(
          partes.map((p) => p[parte]),
          99,
        ),
        'facturas/s': '',
        veredicto: '',
      })),
    ];
    return { pasos: filas, lote, failed, where: bench.where, lineas: LINEAS, total: LOTE };
  } finally {
    await bench.close();
  }
}
