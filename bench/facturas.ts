/**
 * npm run bench -- --facturas [--runs N]: issuing an invoice of 20 lines, step by step (compute, build, XML, schema,
 * sign) in this process, then 1 000 drafts issued one after another through the issuing service (emitir.ts) on the
 * demo company Ferretería El Tornillo and its seeded signature: each one's whole transaction (lock, plan, sequential,
 * build, schema, signature, store, consume); then 200 more over HTTP (POST /api/facturas/:id/emitir to the app as
 * buildApp makes it, the SRI worker off), to show what the route adds to the service. PGlite in memory, or PostgreSQL
 * with BENCH_DATABASE_URL.
 * Budget: median ≤ 5 ms per invoice end to end, signing included (issue 32).
 */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
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
import { buildApp } from '../server/app';
import { median, percentil, verdict } from './report';
import { clienteHttp, sesionFerreteria } from './servidores';
import { analizar, insertarBorradores, LINEAS, lineasBench, pagosBench, prepararFerreteria } from './factura-bench';

const LOTE = 1_000;
const POR_HTTP = 200;
const PRESUPUESTO_MS = 5;

const PARTES: Record<keyof TiemposEmision, string> = {
  transaccion: 'de ello, la transacción entera',
  leer: 'bloquear el borrador y leerlo',
  secuencial: 'bloquear los planes, contar los en camino, tomar el número',
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
  // The SRI worker off: the HTTP part times the route, not the queue.
  const config = { ...loadConfig({ DATA_DIR: dir, SRI_COLA: 'false' }), jwtSecret: 'clave-de-benchmark-de-al-menos-32-caracteres' };
  await seedDemo(database.db, config);
  const files = createFileStore(createStorage(config.files), database.db, { warn: () => {} });
  return {
    database,
    config,
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
    const { tornillo, destino } = await prepararFerreteria(db, 'Plan del benchmark', LOTE + POR_HTTP + 10);
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
    await analizar(db);
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
    const http = await porHttp(bench, await insertarBorradores(db, destino, POR_HTTP + 5));
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
      {
        medida: `por HTTP (${POR_HTTP}): POST /api/facturas/:id/emitir, el servidor (onResponse)`,
        'mediana ms': median(http.servidor),
        'p99 ms': percentil(http.servidor, 99),
        'facturas/s': '',
        veredicto: '(informativo)',
      },
      {
        medida: '  ida y vuelta desde el cliente HTTP (mismo proceso, 127.0.0.1)',
        'mediana ms': median(http.cliente),
        'p99 ms': percentil(http.cliente, 99),
        'facturas/s': Math.round(POR_HTTP / http.segundos),
        veredicto: '',
      },
    ];
    return { pasos: filas, lote, failed, where: bench.where, lineas: LINEAS, total: LOTE };
  } finally {
    await bench.close();
  }
}

/** The drafts issued over HTTP one after another (the first five warm the route up): server and round-trip times. */
async function porHttp(bench: Awaited<ReturnType<typeof abrir>>, ids: number[]) {
  const { app, schemasCompiled } = await buildApp({ config: bench.config, database: bench.database, logger: false });
  const servidor: number[] = [];
  app.addHook('onResponse', (request, reply, done) => {
    if (request.method === 'POST' && request.url.endsWith('/emitir')) servidor.push(reply.elapsedTime);
    done();
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { llamar, cerrar } = clienteHttp(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, 1);
  try {
    await schemasCompiled();
    const sesion = await sesionFerreteria(llamar);
    const cliente: number[] = [];
    let inicio = 0;
    for (const [i, id] of ids.entries()) {
      if (i === 5) inicio = performance.now();
      const t0 = performance.now();
      const r = await llamar('POST', `/api/facturas/${id}/emitir`, sesion);
      if (r.status !== 200) throw new Error(`emitir ${id} respondió ${r.status}: ${r.body.slice(0, 300)}`);
      cliente.push(performance.now() - t0);
    }
    const segundos = (performance.now() - inicio) / 1000;
    return { servidor: servidor.slice(5), cliente: cliente.slice(5), segundos };
  } finally {
    cerrar();
    await app.close();
  }
}
