/**
 * npm run bench -- --facturas [--runs N]: issuing an invoice of 20 lines, step by step (compute, build, XML, schema,
 * sign) in this process, then 1 000 drafts issued one after another through the issuing service (emitir.ts) on the
 * demo company Ferretería El Tornillo and its seeded signature: each one's whole transaction (lock, plan, sequential,
 * build, schema, signature, store, consume). PGlite in memory, or PostgreSQL with BENCH_DATABASE_URL.
 * Budget: median ≤ 25 ms per invoice end to end, signing included.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { throwawayPostgres } from './api-lists';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/infra/db/client';
import { seedDemo } from '../server/infra/db/seed';
import { createFileStore } from '../server/infra/files';
import { createStorage } from '../server/infra/storage';
import { secretBoxFor } from '../server/infra/secret-box';
import { armarComprobante, calcularFactura } from '../domain/facturas';
import { certificadoEmpresa, emitirComprobante, type TiemposEmision } from '../server/modules/comprobantes';
import { tipoFactura } from '../server/modules/facturas/tipo';
import { facturaXml } from '../server/modules/facturas/xml';
import { prepararValidador, validarFactura } from '../server/modules/comprobantes/esquema';
import { firmarXml } from '../server/modules/comprobantes/xades';
import { median, percentil, verdict } from './report';
import { insertarBorradores, LINEAS, lineasBench, pagosBench, prepararFerreteria } from './factura-bench';

const LOTE = 1_000;
const PRESUPUESTO_MS = 25;

const PARTES: Record<keyof TiemposEmision, string> = {
  transaccion: 'de ello, la transacción entera',
  leer: 'bloquear el borrador, ver el plan, leerlo',
  secuencial: 'tomar el secuencial',
  armar: 'armar',
  xml: 'XML',
  esquema: 'esquema',
  firma: 'firma',
  guardar: 'guardar y poner en la cola del SRI',
};

export async function abrir(databaseUrl: string | undefined) {
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
    const { tornillo, destino } = await prepararFerreteria(db, 'Plan del benchmark', LOTE + 10);
    const { empresa, hoy } = destino;

    // 1. Each step in this process, on the same 20-line invoice (the certificate opened and the schema compiled once).
    const ahora = new Date();
    const certificado = await certificadoEmpresa(bench.deps, empresa, ahora);
    await prepararValidador();
    const datos = {
      emisor: {
        ruc: tornillo.EMP_RUC,
        razonSocial: tornillo.EMP_NOMBRE ?? '',
        nombreComercial: tornillo.EMP_NOMBREC,
        direccionMatriz: tornillo.EMP_DIRECCION ?? '',
        obligadoContabilidad: true,
      },
      ambiente: '1' as const,
      establecimiento: '001',
      puntoEmision: '001',
      fecha: hoy,
      comprador: { tipoIdentificacion: '04' as const, identificacion: '1790016919001', razonSocial: 'CONSTRUCTORA DEL PICHINCHA S.A.' },
      lineas: lineasBench,
      pagos: pagosBench,
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
      calcularFactura({ lineas: lineasBench, pagos: datos.pagos });
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
    const ids = await insertarBorradores(db, destino, LOTE);
    const porFactura: number[] = [];
    const partes: Array<TiemposEmision> = [];
    const inicio = performance.now();
    for (const id of ids) {
      const t0 = performance.now();
      const emision = await emitirComprobante(bench.deps, empresa, id, tipoFactura);
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
