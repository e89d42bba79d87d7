/**
 * The factura in one call (POST /api/facturas/emision): the buyer by identification (the consumidor final is the
 * company's own), the lines by the company's product code or as free text, the payments (by default one 01 of the
 * total) and a tip. The server computes it with the form's own calculation (calcularFactura) and saves it through the
 * drafts' own service (crearBorrador), so every rule and message is the form's. What the body gets wrong is refused
 * before the buyer is written; a buyer created for a draft that is then refused is removed again.
 */
import { Type, type Static } from 'typebox';
import type { Db } from '../../infra/db/client';
import type { CompanyActor } from '../../core/actor';
import { tipoDirecto } from '../../core/receptor-directo';
import { esDia, hoyEcuador } from '../../../domain/fechas';
import { ROLES_PERMITIDOS } from '../../../domain/roles';
import { CONSUMIDOR_FINAL, TIPO_IDENTIFICACION } from '../../../domain/clientes';
import { calcularFactura } from '../../../domain/facturas';
import { CamposDirectos, ItemDirecto, PagoDirecto, ReceptorDirecto } from '../../../domain/contratos/emision';
import { borradorConReceptor, ComprobanteRechazado, pagosDirectos, puntoDeSerie, type ModuloEmisionDirecta } from '../comprobantes';
import { clientePorIdentificacion, clientScopeValues, olvidarCliente } from '../clientes';
import { FACTURAS_MSG, FacturaBorrador } from './contract';
import { crearBorrador, eliminarBorrador } from './borradores';
import { entradaCalculo, sinDescripcion } from './filas-borrador';
import { lineasDeItems } from './items-directos';
import { tipoFactura } from './tipo';

const FacturaDirecta = Type.Object(
  {
    ...CamposDirectos,
    comprador: ReceptorDirecto,
    items: Type.Array(ItemDirecto, { minItems: 1, maxItems: 1000, errorMessage: 'La factura admite de 1 a 1000 líneas' }),
    pagos: Type.Optional(
      Type.Array(PagoDirecto, {
        minItems: 1,
        maxItems: 20,
        errorMessage: 'La factura admite de 1 a 20 formas de pago',
        description: 'Deben sumar el total; por defecto, una forma 01 (sin sistema financiero) por el total',
      }),
    ),
    propina: FacturaBorrador.properties.propina,
  },
  {
    examples: [
      {
        serie: '001-001',
        fechaEmision: '2026-03-02',
        comprador: {
          tipoIdentificacion: '04',
          identificacion: '1790016919001',
          razonSocial: 'FERRETERÍA EL PERNO CÍA. LTDA.',
          direccion: 'Av. 10 de Agosto N24-55, Quito',
          email: 'compras@elperno.ec',
          telefono: '022345678',
        },
        items: [
          { codigo: 'TOR-001', cantidad: 100 },
          { descripcion: 'Servicio de corte de varilla', cantidad: 1.5, precioUnitario: '3.333333', iva: '0' },
        ],
        pagos: [{ formaPago: '19', total: '19.38' }],
        camposAdicionales: [{ nombre: 'Caja', valor: 'Caja 1' }],
      },
    ],
  },
);
type FacturaDirecta = Static<typeof FacturaDirecta>;

/** The buyer's type as the calculation judges it before the client is read (the consumidor final's limit). */
const tipoComprador = (r: ReceptorDirecto) =>
  r.identificacion.trim() === CONSUMIDOR_FINAL ? TIPO_IDENTIFICACION.consumidorFinal : (r.tipoIdentificacion ?? tipoDirecto(r));

async function guardar(db: Db, actor: CompanyActor, cuerpo: FacturaDirecta) {
  const empresa = actor.empresa;
  const PEM_CODIGO = await puntoDeSerie(db, empresa, cuerpo.serie);
  const FAC_FECHA = cuerpo.fechaEmision ?? hoyEcuador();
  const lineas = await lineasDeItems(db, empresa, cuerpo.items);
  const sinPagos = calcularFactura({ ...entradaCalculo({ lineas, pagos: [] }), propina: cuerpo.propina });
  const pagos = pagosDirectos(cuerpo.pagos, sinPagos.importeTotal);
  const calculo = calcularFactura({
    ...entradaCalculo({ lineas, pagos }),
    propina: cuerpo.propina,
    tipoIdentificacionComprador: tipoComprador(cuerpo.comprador),
  });
  const errores = [
    ...(esDia(FAC_FECHA) ? [] : [{ campo: 'fechaEmision', mensaje: FACTURAS_MSG.fecha }]),
    ...calculo.errores,
    ...sinDescripcion(lineas),
  ];
  if (errores.length) throw new ComprobanteRechazado(errores);

  const receptor = await clientePorIdentificacion(db, actor, cuerpo.comprador);
  return borradorConReceptor(
    receptor,
    () => olvidarCliente(db, empresa, receptor.id),
    () =>
      crearBorrador(db, actor, {
        PEM_CODIGO,
        CLI_CODIGO: receptor.id,
        FAC_FECHA,
        lineas,
        pagos,
        FAC_ADICIONAL: cuerpo.camposAdicionales,
        propina: cuerpo.propina,
        totalSinImpuestos: calculo.totalSinImpuestos,
        totalDescuento: calculo.totalDescuento,
        totalIva: calculo.totalIva,
        importeTotal: calculo.importeTotal,
      }),
  );
}

export const emisionFactura: ModuloEmisionDirecta<FacturaDirecta> = {
  tipo: tipoFactura,
  tags: ['Facturas'],
  roles: ROLES_PERMITIDOS.facturas.vender,
  cuerpo: FacturaDirecta,
  descripcion:
    'El comprador va por su identificación (9999999999999: el consumidor final de la empresa) y se crea si es nuevo (con su razón social) o se actualiza con los datos enviados; un vendedor, solo con sus clientes. Cada línea va por el código de un producto de la empresa (descripción, precio, IVA e ICE del producto salvo que la línea los dé) o como texto libre con descripción, precio e IVA; sin pagos, uno 01 por el total. El servidor calcula la factura como el formulario.',
  alcance: clientScopeValues,
  guardar,
  eliminar: eliminarBorrador,
  olvidar: olvidarCliente,
};
