import type { ComprobanteFactura, Detalle } from '../../domain/facturas/comprobante';

/**
 * A realistic invoice shared by the XML, signature and RIDE tests. Every amount was computed by hand (below) so that
 * the fixture does not depend on the code it tests:
 *
 *   line 1  2.500000 × 40.000000 = 100.00 − 10.00 discount = 90.00   IVA 15 % (code 4) = 13.50
 *   line 2 12.345678 ×  0.850000 = 10.4938263 → 10.49               IVA 15 %          = 1.5735 → 1.57
 *   line 3  3.000000 × 12.500000 = 37.50 − 2.50 discount = 35.00     IVA 0 %  (code 0) = 0.00
 *
 *   IVA 15 %: base 90.00 + 10.49 = 100.49, 100.49 × 0.15 = 15.0735 → 15.07 (= 13.50 + 1.57)
 *   IVA 0 %:  base 35.00, 0.00
 *   totalSinImpuestos 135.49 · totalDescuento 12.50 · propina 0.00 · importeTotal 135.49 + 15.07 = 150.56
 *   pagos: 01 50.56 + 19 100.00 (30 días) = 150.56
 *
 * Access key 1503202501179206034600110010010000001231234567812: 15032025 · 01 · 1792060346001 · 1 · 001001 ·
 * 000000123 · 12345678 · 1 · check digit 2 (module 11, weights 2..7 from the right: sum 493, 11 − 493 % 11 = 2).
 *
 * The issuer's name carries an ampersand and accents on purpose: every consumer must escape and encode it.
 */
export const CLAVE_ACCESO_EJEMPLO = '1503202501179206034600110010010000001231234567812';

export function comprobanteEjemplo(): ComprobanteFactura {
  return {
    version: '1.1.0',
    infoTributaria: {
      ambiente: '1',
      tipoEmision: '1',
      razonSocial: 'DISTRIBUIDORA PÉREZ & HIJOS CÍA. LTDA.',
      nombreComercial: 'Distribuidora Pérez',
      ruc: '1792060346001',
      claveAcceso: CLAVE_ACCESO_EJEMPLO,
      codDoc: '01',
      estab: '001',
      ptoEmi: '001',
      secuencial: '000000123',
      dirMatriz: 'Av. 10 de Agosto N24-56 y Cordero, Quito',
      contribuyenteRimpe: 'CONTRIBUYENTE RÉGIMEN RIMPE',
    },
    infoFactura: {
      fechaEmision: '15/03/2025',
      dirEstablecimiento: 'Av. Amazonas N34-120 y Atahualpa, Quito',
      obligadoContabilidad: 'SI',
      tipoIdentificacionComprador: '04',
      razonSocialComprador: 'CONSTRUCTORA LOS ANDES S.A.',
      identificacionComprador: '1790016919001',
      direccionComprador: 'Calle Bolívar 8-45 y Presidente Córdova, Cuenca',
      totalSinImpuestos: '135.49',
      totalDescuento: '12.50',
      totalConImpuestos: [
        { codigo: '2', codigoPorcentaje: '4', baseImponible: '100.49', tarifa: '15.00', valor: '15.07' },
        { codigo: '2', codigoPorcentaje: '0', baseImponible: '35.00', tarifa: '0.00', valor: '0.00' },
      ],
      propina: '0.00',
      importeTotal: '150.56',
      moneda: 'DOLAR',
      pagos: [
        { formaPago: '01', total: '50.56' },
        { formaPago: '19', total: '100.00', plazo: '30', unidadTiempo: 'dias' },
      ],
    },
    detalles: [
      {
        codigoPrincipal: 'SERV-001',
        descripcion: 'Servicio de asesoría contable (horas)',
        cantidad: '2.500000',
        precioUnitario: '40.000000',
        descuento: '10.00',
        precioTotalSinImpuesto: '90.00',
        impuestos: [{ codigo: '2', codigoPorcentaje: '4', tarifa: '15.00', baseImponible: '90.00', valor: '13.50' }],
      },
      {
        codigoPrincipal: 'CAB-UTP6',
        codigoAuxiliar: '7861234500012',
        descripcion: 'Cable UTP categoría 6 (metros)',
        cantidad: '12.345678',
        precioUnitario: '0.850000',
        descuento: '0.00',
        precioTotalSinImpuesto: '10.49',
        detallesAdicionales: [{ nombre: 'Color', valor: 'Azul' }],
        impuestos: [{ codigo: '2', codigoPorcentaje: '4', tarifa: '15.00', baseImponible: '10.49', valor: '1.57' }],
      },
      {
        codigoPrincipal: 'LIB-TRIB',
        descripcion: 'Libro: Manual de tributación ecuatoriana',
        cantidad: '3.000000',
        precioUnitario: '12.500000',
        descuento: '2.50',
        precioTotalSinImpuesto: '35.00',
        impuestos: [{ codigo: '2', codigoPorcentaje: '0', tarifa: '0.00', baseImponible: '35.00', valor: '0.00' }],
      },
    ],
    infoAdicional: [
      { nombre: 'Email', valor: 'compras@losandes.com.ec' },
      { nombre: 'Dirección', valor: 'Calle Bolívar 8-45 y Presidente Córdova, Cuenca' },
    ],
  };
}

/**
 * The same issuer and buyer with `lineas` lines (for the 20-line benchmark and the 200-line schema test). Line i sells
 * (i % 7) + 1 units at a price that is a multiple of 0.20, so that each line's 15 % IVA is exact in cents and the sum
 * of the lines' IVA equals the IVA of the summed base: the totals stay consistent for any number of lines. Every
 * third line is 0 %. Computed in integer cents, never in floating point.
 */
export function comprobanteConLineas(lineas: number): ComprobanteFactura {
  const base = comprobanteEjemplo();
  const dinero = (centavos: number) => `${Math.floor(centavos / 100)}.${String(centavos % 100).padStart(2, '0')}`;
  let base15 = 0;
  let iva15 = 0;
  let base0 = 0;
  let descuentos = 0;
  const detalles: Detalle[] = [];
  for (let i = 0; i < lineas; i++) {
    const cantidad = (i % 7) + 1;
    const precio = 120 + 20 * (i % 50); // centavos: 1.20 .. 11.00
    const descuento = i % 5 === 0 ? 20 * cantidad : 0;
    const neto = cantidad * precio - descuento;
    const conIva = i % 3 !== 2;
    const iva = conIva ? (neto * 15) / 100 : 0; // exact: neto is a multiple of 20
    if (conIva) {
      base15 += neto;
      iva15 += iva;
    } else {
      base0 += neto;
    }
    descuentos += descuento;
    detalles.push({
      codigoPrincipal: `P-${String(i + 1).padStart(4, '0')}`,
      descripcion: `Producto de prueba número ${i + 1}`,
      cantidad: `${cantidad}.000000`,
      precioUnitario: `${dinero(precio)}0000`,
      descuento: dinero(descuento),
      precioTotalSinImpuesto: dinero(neto),
      impuestos: [
        {
          codigo: '2',
          codigoPorcentaje: conIva ? '4' : '0',
          tarifa: conIva ? '15.00' : '0.00',
          baseImponible: dinero(neto),
          valor: dinero(iva),
        },
      ],
    });
  }
  const total = base15 + iva15 + base0;
  const totalConImpuestos = [];
  if (base15 > 0) {
    totalConImpuestos.push({
      codigo: '2' as const,
      codigoPorcentaje: '4',
      baseImponible: dinero(base15),
      tarifa: '15.00',
      valor: dinero(iva15),
    });
  }
  if (base0 > 0) {
    totalConImpuestos.push({ codigo: '2' as const, codigoPorcentaje: '0', baseImponible: dinero(base0), tarifa: '0.00', valor: '0.00' });
  }
  return {
    ...base,
    infoFactura: {
      ...base.infoFactura,
      totalSinImpuestos: dinero(base15 + base0),
      totalDescuento: dinero(descuentos),
      totalConImpuestos,
      importeTotal: dinero(total),
      pagos: [{ formaPago: '20', total: dinero(total) }],
    },
    detalles,
  };
}
