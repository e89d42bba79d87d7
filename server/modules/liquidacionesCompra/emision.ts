/**
 * The liquidación de compra in one call (POST /api/liquidacionesCompra/emision): the supplier by identification
 * (cédula, pasaporte or del exterior: a RUC holder invoices), the lines by the company's product code or as free text,
 * the payments (by default one 01 of the total). The server computes it with the liquidación's own calculation and
 * saves it through the drafts' own service, so every rule and message is the form's. What the body gets wrong is
 * refused before the supplier is written; a supplier created for a draft that is then refused is removed again.
 */
import { Type, type Static } from 'typebox';
import type { Db } from '../../infra/db/client';
import type { CompanyActor } from '../../core/actor';
import { hoyEcuador } from '../../../domain/fechas';
import { ROLES_PERMITIDOS } from '../../../domain/roles';
import { calcularLiquidacion, IDENTIFICACIONES_LIQUIDACION, motivoProveedor } from '../../../domain/liquidacionesCompra';
import { CamposDirectos, ItemDirecto, PagoDirecto, ReceptorDirecto } from '../../../domain/contratos/emision';
import { borradorConReceptor, ComprobanteRechazado, pagosDirectos, puntoDeSerie, type ModuloEmisionDirecta } from '../comprobantes';
import { entradaCalculo, lineasDeItems, sinDescripcion } from '../facturas';
import { tipoDirecto } from '../../core/receptor-directo';
import { olvidarProveedor, proveedorExistente, proveedorPorIdentificacion } from '../proveedores';
import { crearLiquidacion, eliminarLiquidacion } from './borradores';
import { tipoLiquidacion } from './tipo';

const LiquidacionDirecta = Type.Object(
  {
    ...CamposDirectos,
    proveedor: ReceptorDirecto,
    items: Type.Array(ItemDirecto, { minItems: 1, maxItems: 1000, errorMessage: 'La liquidación admite de 1 a 1000 líneas' }),
    pagos: Type.Optional(
      Type.Array(PagoDirecto, {
        minItems: 1,
        maxItems: 20,
        errorMessage: 'La liquidación admite de 1 a 20 formas de pago',
        description: 'Por defecto, una forma 01 (sin sistema financiero) por el total',
      }),
    ),
  },
  {
    examples: [
      {
        serie: '001-001',
        fechaEmision: '2026-03-02',
        proveedor: {
          tipoIdentificacion: '05',
          identificacion: '1710034065',
          razonSocial: 'MARÍA QUISPE',
          direccion: 'Comunidad San Pablo, Cayambe',
          email: 'maria.quispe@correo.ec',
          telefono: '0991234567',
        },
        items: [
          { descripcion: 'Maíz en grano (quintal)', cantidad: 10, precioUnitario: '20.00', iva: '0' },
          { descripcion: 'Transporte a bodega', cantidad: 1, precioUnitario: '12.00', iva: '4' },
        ],
        pagos: [{ formaPago: '01', total: '213.80' }],
        camposAdicionales: [{ nombre: 'Lugar de compra', valor: 'Cayambe' }],
      },
    ],
  },
);
type LiquidacionDirecta = Static<typeof LiquidacionDirecta>;

/** Why this supplier cannot receive a liquidación, judged on the body and the book before anything is written. */
async function motivoAntes(db: Db, empresa: number, r: ReceptorDirecto) {
  const existente = await proveedorExistente(db, empresa, r);
  const tipo = r.tipoIdentificacion ?? existente?.PRV_TIPO_IDENTIFICACION ?? tipoDirecto(r);
  // An identification the book cannot type (a passport without its type) is the suppliers' own 400, when it is written.
  if (tipo && !(IDENTIFICACIONES_LIQUIDACION as readonly string[]).includes(tipo))
    return motivoProveedor({ tipoIdentificacion: tipo, activo: true });
  return existente && !existente.PRV_ACTIVO ? motivoProveedor({ tipoIdentificacion: tipo, activo: false }) : null;
}

async function guardar(db: Db, actor: CompanyActor, cuerpo: LiquidacionDirecta) {
  const empresa = actor.empresa;
  const PEM_CODIGO = await puntoDeSerie(db, empresa, cuerpo.serie);
  const lineas = await lineasDeItems(db, empresa, cuerpo.items);
  const total = calcularLiquidacion(entradaCalculo({ lineas, pagos: [] }).lineas, []).importeTotal;
  const pagos = pagosDirectos(cuerpo.pagos, total);
  const entrada = entradaCalculo({ lineas, pagos });
  const calculo = calcularLiquidacion(entrada.lineas, entrada.pagos);
  const motivo = await motivoAntes(db, empresa, cuerpo.proveedor);
  const errores = [...(motivo ? [{ campo: 'proveedor', mensaje: motivo }] : []), ...calculo.errores, ...sinDescripcion(lineas)];
  if (errores.length) throw new ComprobanteRechazado(errores);

  const receptor = await proveedorPorIdentificacion(db, actor, cuerpo.proveedor);
  return borradorConReceptor(
    receptor,
    () => olvidarProveedor(db, empresa, receptor.id),
    () =>
      crearLiquidacion(db, actor, {
        PEM_CODIGO,
        PRV_CODIGO: receptor.id,
        FAC_FECHA: cuerpo.fechaEmision ?? hoyEcuador(),
        lineas,
        pagos,
        FAC_ADICIONAL: cuerpo.camposAdicionales,
        totalSinImpuestos: calculo.totalSinImpuestos,
        totalDescuento: calculo.totalDescuento,
        totalIva: calculo.totalIva,
        importeTotal: calculo.importeTotal,
      }),
  );
}

export const emisionLiquidacion: ModuloEmisionDirecta<LiquidacionDirecta> = {
  tipo: tipoLiquidacion,
  tags: ['Liquidaciones de compra'],
  roles: ROLES_PERMITIDOS.liquidacionesCompra.emitir,
  cuerpo: LiquidacionDirecta,
  descripcion:
    'El proveedor va por su identificación (cédula, pasaporte o del exterior: quien tiene RUC entrega su factura) y se crea si es nuevo (con su razón social) o se actualiza con los datos enviados; cada línea por el código de un producto de la empresa o como texto libre con precio e IVA; sin pagos, uno 01 por el total. El servidor calcula la liquidación como el formulario.',
  alcance: (actor) => ({ empresa: actor.empresa }),
  guardar,
  eliminar: (db, { empresa }, id) => eliminarLiquidacion(db, empresa, id),
  olvidar: olvidarProveedor,
};
