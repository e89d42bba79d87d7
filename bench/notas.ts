/**
 * npm run bench -- --facturas (after the invoices): issuing notes as an invoice is issued (bench/facturas.ts). 1 000
 * notas de crédito of 20 lines, each returning every line of its own AUTORIZADA invoice (the bench's invoice), then
 * 1 000 notas de débito of one reason (interest), then 1 000 guías de remisión of one destinatario carrying the bench's
 * 20 lines of goods, issued one after another through the core (emitirComprobante) on Ferretería El Tornillo and its
 * seeded signature: each one's whole transaction (lock the note, lock and judge its invoice again with what its other
 * notes took, plan, sequential, build, schema, signature, store, queue). PGlite in memory, or PostgreSQL with
 * BENCH_DATABASE_URL. Budget: the invoice's, median ≤ 5 ms per document end to end.
 */
import { performance } from 'node:perf_hooks';
import { eq, inArray, sql } from 'drizzle-orm';
import { facturas, transportistas, usuarios } from '../server/infra/db/schema';
import type { CompanyActor } from '../server/core/actor';
import { emitirComprobante, type TiemposEmision } from '../server/modules/comprobantes';
import type { Comprobante, TipoComprobante } from '../server/modules/comprobantes/tipo';
import { tipoNotaCredito } from '../server/modules/notasCredito';
import { tipoNotaDebito } from '../server/modules/notasDebito';
import { crearNotaCredito } from '../server/modules/notasCredito/borradores';
import { crearNotaDebito } from '../server/modules/notasDebito/borradores';
import { tipoGuia } from '../server/modules/guiasRemision';
import { crearGuia } from '../server/modules/guiasRemision/borradores';
import { calcularFactura } from '../domain/facturas';
import { sumarDias } from '../domain/fechas';
import { abrir } from './facturas';
import { analizar, insertarBorradores, LINEAS, lineasBench, pagosBench, prepararFerreteria } from './factura-bench';
import { median, percentil, verdict } from './report';

const LOTE = 1_000;
const PRESUPUESTO_MS = 5;

const PARTES: Record<keyof TiemposEmision, string> = {
  transaccion: 'de ello, la transacción entera',
  leer: 'bloquear el borrador y leerlo',
  secuencial: 'bloquear los planes, contar los en camino, tomar el número',
  armar: 'armar (bloquear y juzgar la factura, leer las líneas)',
  xml: 'XML',
  esquema: 'esquema',
  firma: 'firma',
  guardar: 'guardar y poner en la cola del SRI',
};

export async function benchNotas({ databaseUrl }: { databaseUrl?: string }) {
  const bench = await abrir(databaseUrl);
  const { db } = bench.deps;
  try {
    // Two notes per invoice are issued, and the plan counts what waits for the SRI.
    const { destino } = await prepararFerreteria(db, 'Plan del benchmark', 3 * LOTE + 10);
    const { empresa, punto, hoy } = destino;

    // 1 000 invoices of 20 lines, AUTORIZADA as the SRI would leave them (numbered, with their key).
    const ids = await insertarBorradores(db, destino, LOTE);
    await db
      .update(facturas)
      .set({
        FAC_ESTADO: 'AUTORIZADA',
        FAC_SECUENCIAL: sql`${facturas.FAC_CODIGO}`,
        FAC_NUMERO: sql`'001-001-' || lpad(${facturas.FAC_CODIGO}::text, 9, '0')`,
        FAC_CLAVE_ACCESO: sql`lpad(${facturas.FAC_CODIGO}::text, 49, '0')`,
        FAC_AUTORIZACION: sql`lpad(${facturas.FAC_CODIGO}::text, 49, '0')`,
        FAC_FECHA_AUTORIZACION: new Date(),
      })
      .where(inArray(facturas.FAC_CODIGO, ids));

    // Their notes' drafts, through the notes' own services (the screens' POST), not timed.
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
    const calculo = calcularFactura({ lineas: lineasBench, pagos: pagosBench });
    const creditos: number[] = [];
    const debitos: number[] = [];
    for (const factura of ids) {
      const credito = await crearNotaCredito(db, actor, {
        FAC_MODIFICA: factura,
        PEM_CODIGO: punto,
        FAC_MOTIVO: 'Devolución de toda la mercadería',
        lineas: lineasBench.map((l, i) => ({
          FDE_LINEA_FACTURA: i + 1,
          FDE_PRINCIPAL: l.codigoPrincipal,
          FDE_DESCRIPCION: l.descripcion,
          FDE_CANTIDAD: calculo.lineas[i]!.cantidad,
          FDE_PRECIO: calculo.lineas[i]!.precioUnitario,
          FDE_DESCUENTO: calculo.lineas[i]!.descuento,
          FDE_IVA: l.codigoPorcentaje,
        })),
      });
      creditos.push(credito.FAC_CODIGO);
      const debito = await crearNotaDebito(db, actor, {
        FAC_MODIFICA: factura,
        PEM_CODIGO: punto,
        FAC_MOTIVO: 'Intereses por mora',
        motivos: [{ razon: 'Interés por mora de 30 días', valor: '12.50', iva: '0' }],
        pagos: [{ FPA_FORMA: '20', FPA_TOTAL: '12.50', FPA_PLAZO: 15, FPA_UNIDAD: 'dias' }],
      });
      debitos.push(debito.FAC_CODIGO);
    }

    // Guías de remisión: a carrier by cédula, one destinatario (a transfer to another establishment) with the 20 lines.
    const [transportista] = await db
      .insert(transportistas)
      .values({
        EMP_CODIGO: empresa,
        TRA_TIPO_IDENTIFICACION: '05',
        TRA_IDENTIFICACION: '1710034065',
        TRA_RAZON_SOCIAL: 'TRANSPORTES ANDINOS JOSÉ QUISHPE',
        TRA_PLACA: 'PBA-1234',
        TRA_CORREOS: ['chofer@transportes.ec'],
      })
      .returning({ id: transportistas.TRA_CODIGO });
    const guia = {
      PEM_CODIGO: punto,
      TRA_CODIGO: transportista!.id,
      FAC_FECHA: hoy,
      GUI_DIR_PARTIDA: 'Av. Galo Plaza Lasso N45-12, Quito',
      GUI_FECHA_INICIO: hoy,
      GUI_FECHA_FIN: sumarDias(hoy, 1),
      GUI_PLACA: 'PBA-1234',
      destinatarios: [
        {
          GDE_IDENTIFICACION: '1790016919001',
          GDE_RAZON_SOCIAL: 'CONSTRUCTORA DEL PICHINCHA S.A.',
          GDE_DIRECCION: 'Av. Shyris N35-52, Quito',
          GDE_CORREOS: ['compras@constructora.ec'],
          GDE_MOTIVO: 'Venta',
          GDE_RUTA: 'Quito norte - Quito centro',
          detalles: lineasBench.map((l, i) => ({
            GDT_CODIGO_INTERNO: l.codigoPrincipal,
            GDT_DESCRIPCION: l.descripcion,
            GDT_CANTIDAD: calculo.lineas[i]!.cantidad,
          })),
        },
      ],
    };
    const guias: number[] = [];
    for (let i = 0; i < LOTE; i++) guias.push((await crearGuia(db, actor, guia)).FAC_CODIGO);

    const filas: Array<Record<string, string | number>> = [];
    let failed = false;
    /** Issues the notes one after another: the table's rows for them. */
    const medir = async <C extends Comprobante>(nombre: string, tipo: TipoComprobante<C>, notas: number[]) => {
      await analizar(db);
      const porNota: number[] = [];
      const partes: TiemposEmision[] = [];
      const inicio = performance.now();
      for (const id of notas) {
        const t0 = performance.now();
        const emision = await emitirComprobante(bench.deps, empresa, id, tipo);
        porNota.push(performance.now() - t0);
        partes.push(emision.tiempos);
      }
      const segundos = (performance.now() - inicio) / 1000;
      const mediana = median(porNota);
      failed ||= mediana > PRESUPUESTO_MS;
      filas.push(
        {
          medida: `${nombre}: emitir, de punta a punta`,
          'mediana ms': mediana,
          'p99 ms': percentil(porNota, 99),
          'notas/s': Math.round(notas.length / segundos),
          veredicto: `${verdict(mediana <= PRESUPUESTO_MS)} (mediana ≤ ${PRESUPUESTO_MS} ms)`,
        },
        ...(Object.keys(PARTES) as Array<keyof TiemposEmision>).map((parte) => ({
          medida: `  ${PARTES[parte]}`,
          'mediana ms': median(partes.map((p) => p[parte])),
          'p99 ms': percentil(
            partes.map((p) => p[parte]),
            99,
          ),
          'notas/s': '',
          veredicto: '',
        })),
      );
    };
    await medir(`nota de crédito de ${LINEAS} líneas`, tipoNotaCredito, creditos);
    await medir('nota de débito de 1 motivo', tipoNotaDebito, debitos);
    await medir(`guía de remisión de 1 destinatario y ${LINEAS} bienes`, tipoGuia, guias);
    return { filas, failed, where: bench.where, total: LOTE };
  } finally {
    await bench.close();
  }
}
