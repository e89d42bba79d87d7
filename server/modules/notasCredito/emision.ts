/**
 * The nota de crédito in one call (POST /api/notasCredito/emision): the AUTORIZADA invoice it modifies by number or
 * access key, why, and the lines it credits. A line returns the invoice's line with the same product code, or with
 * the same description when it brings no code (its price and IVA the invoice line's); a line without a code whose
 * description is none of the invoice's is a discount in value, with its price and IVA. The recipient is always the
 * invoice's buyer. The note is saved through the drafts' own service (crearNotaCredito), so every rule and message
 * is the form's: what remains of the invoice, of each line, its age.
 */
import { Type, type Static } from 'typebox';
import type { Db } from '../../infra/db/client';
import type { CompanyActor } from '../../core/actor';
import { ROLES_PERMITIDOS } from '../../../domain/roles';
import type { ErrorFactura } from '../../../domain/facturas';
import { MotivoNota, type NotaCreditoLineaBorrador } from '../../../domain/contratos/notasCredito';
import { CamposDirectos, DocumentoCitado, EMISION_MSG, ItemDirecto } from '../../../domain/contratos/emision';
import {
  ComprobanteRechazado,
  eliminarNota,
  lineasConRestante,
  NOTA_CREDITO,
  puntoDeSerie,
  type ModuloEmisionDirecta,
} from '../comprobantes';
import { clientScopeValues } from '../clientes';
import { facturaCitada } from '../facturas';
import { crearNotaCredito } from './borradores';
import { tipoNotaCredito } from './tipo';

const NotaCreditoDirecta = Type.Object(
  {
    ...CamposDirectos,
    factura: DocumentoCitado,
    motivo: MotivoNota,
    items: Type.Array(ItemDirecto, { minItems: 1, maxItems: 1000, errorMessage: 'La nota admite de 1 a 1000 líneas' }),
  },
  {
    examples: [
      {
        serie: '001-001',
        fechaEmision: '2026-03-09',
        factura: { numero: '001-001-000000123' },
        motivo: 'Devolución de mercadería en mal estado',
        items: [
          { codigo: 'TOR-001', cantidad: 20 },
          { descripcion: 'Descuento por pronto pago', cantidad: 1, precioUnitario: '1.00', iva: '4' },
        ],
        camposAdicionales: [{ nombre: 'Caja', valor: 'Caja 1' }],
      },
    ],
  },
);
type NotaCreditoDirecta = Static<typeof NotaCreditoDirecta>;

type LineaFactura = Awaited<ReturnType<typeof lineasConRestante>>[number];

const comparable = (texto: string | null | undefined) => (texto ?? '').trim().toLowerCase();
const dado = <T>(valor: T | null | undefined): valor is T => valor !== undefined && valor !== null && String(valor).trim() !== '';

/** The invoice line an item returns: the first with what is left of it among those that match, else the first match. */
function lineaDevuelta(lineas: LineaFactura[], item: ItemDirecto): LineaFactura | undefined {
  const coincide = dado(item.codigo)
    ? (l: LineaFactura) => comparable(l.FDE_PRINCIPAL) === comparable(item.codigo)
    : (l: LineaFactura) => comparable(l.FDE_DESCRIPCION) === comparable(item.descripcion);
  const candidatas = lineas.filter(coincide);
  return candidatas.find((l) => Number(l.FDE_RESTANTE) > 0) ?? candidatas[0];
}

/**
 * The note's lines from the items, against the invoice's lines. A returned line keeps the invoice line's discount
 * when it returns all of a line nothing was returned of yet; otherwise the discount it brings.
 */
function lineasNota(lineas: LineaFactura[], items: readonly ItemDirecto[]): NotaCreditoLineaBorrador[] {
  const errores: ErrorFactura[] = [];
  const resultado = items.map((item, i): NotaCreditoLineaBorrador => {
    const n = i + 1;
    const origen = dado(item.codigo) || dado(item.descripcion) ? lineaDevuelta(lineas, item) : undefined;
    if (origen) {
      const entera = Number(item.cantidad) === Number(origen.FDE_CANTIDAD) && Number(origen.FDE_RESTANTE) === Number(origen.FDE_CANTIDAD);
      return {
        FDE_LINEA_FACTURA: origen.FDE_LINEA,
        CAT_CODIGO: origen.CAT_CODIGO ?? null,
        FDE_PRINCIPAL: origen.FDE_PRINCIPAL ?? null,
        FDE_DESCRIPCION: dado(item.descripcion) ? item.descripcion : origen.FDE_DESCRIPCION,
        FDE_CANTIDAD: item.cantidad,
        FDE_PRECIO: item.precioUnitario ?? origen.FDE_PRECIO,
        FDE_DESCUENTO: item.descuento ?? (entera ? origen.FDE_DESCUENTO : null),
        FDE_IVA: item.iva ?? origen.FDE_IVA,
      };
    }
    if (dado(item.codigo)) errores.push({ campo: 'codigo', linea: n, mensaje: EMISION_MSG.lineaNoEnFactura(item.codigo.trim(), n) });
    else {
      if (!dado(item.descripcion)) errores.push({ campo: 'descripcion', linea: n, mensaje: EMISION_MSG.lineaSinDescripcion(n) });
      if (!dado(item.precioUnitario)) errores.push({ campo: 'precioUnitario', linea: n, mensaje: EMISION_MSG.lineaSinPrecio(n) });
      if (!dado(item.iva)) errores.push({ campo: 'iva', linea: n, mensaje: EMISION_MSG.lineaSinIva(n) });
    }
    return {
      FDE_DESCRIPCION: item.descripcion ?? '',
      FDE_CANTIDAD: item.cantidad,
      FDE_PRECIO: item.precioUnitario ?? '0',
      FDE_DESCUENTO: item.descuento ?? null,
      FDE_IVA: item.iva ?? '',
    };
  });
  if (errores.length) throw new ComprobanteRechazado(errores);
  return resultado;
}

async function guardar(db: Db, actor: CompanyActor, cuerpo: NotaCreditoDirecta) {
  const alcance = clientScopeValues(actor);
  const PEM_CODIGO = await puntoDeSerie(db, alcance.empresa, cuerpo.serie);
  const FAC_MODIFICA = await facturaCitada(db, alcance, cuerpo.factura);
  const lineas = lineasNota(await lineasConRestante(db, FAC_MODIFICA), cuerpo.items);
  const nota = await crearNotaCredito(db, actor, {
    FAC_MODIFICA,
    PEM_CODIGO,
    FAC_FECHA: cuerpo.fechaEmision,
    FAC_MOTIVO: cuerpo.motivo,
    lineas,
    FAC_ADICIONAL: cuerpo.camposAdicionales,
  });
  return { id: nota.FAC_CODIGO, receptor: { id: nota.CLI_CODIGO, creado: false } };
}

export const emisionNotaCredito: ModuloEmisionDirecta<NotaCreditoDirecta> = {
  tipo: tipoNotaCredito,
  tags: ['Notas de crédito'],
  roles: ROLES_PERMITIDOS.notasCredito.emitir,
  cuerpo: NotaCreditoDirecta,
  descripcion:
    'La factura que modifica va por su número o su clave de acceso (autorizada, de la empresa); el receptor es su comprador. Cada línea devuelve la línea de la factura con el mismo código de producto (o, sin código, con la misma descripción), con su precio e IVA; una línea sin código cuya descripción no está en la factura es un descuento en valor, con su precio e IVA. El total no puede pasar de lo que queda por acreditar de la factura.',
  alcance: clientScopeValues,
  guardar,
  eliminar: (db, alcance, id) => eliminarNota(db, { codDoc: NOTA_CREDITO, tipo: tipoNotaCredito }, alcance, id),
};
