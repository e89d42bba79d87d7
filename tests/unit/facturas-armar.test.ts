import { describe, expect, it } from 'vitest';
import { armarComprobante, fechaEmisionEcuador, validarClaveAcceso, type DatosFactura } from '../../domain/facturas';

const emisor: DatosFactura['emisor'] = {
  ruc: '1790016919001',
  razonSocial: 'CORPORACION FAVORITA C.A.',
  nombreComercial: 'SUPERMAXI',
  direccionMatriz: 'AV. GENERAL ENRIQUEZ VIA COTOGCHOA',
  direccionEstablecimiento: 'AV. SEIS DE DICIEMBRE S/N ENTRE MORENO Y ALEMAN',
  contribuyenteEspecial: '5368',
  obligadoContabilidad: true,
  agenteRetencion: 'NAC-DNCRASC20-00000001',
  regimenRimpe: null,
};

/** 21:30 of 30 April 2024 in Ecuador: already 1 May in UTC. */
const NOCHE_30_ABRIL = new Date('2024-05-01T02:30:00Z');

const datos = (cambios: Partial<DatosFactura> = {}): DatosFactura => ({
  emisor,
  ambiente: '1',
  establecimiento: '1',
  puntoEmision: '002',
  secuencial: 123,
  fecha: NOCHE_30_ABRIL,
  comprador: {
    tipoIdentificacion: '05',
    identificacion: '1710034065',
    razonSocial: 'JUAN PÉREZ',
    direccion: 'Av. Amazonas N24-03\ny Colón',
    email: ['juan@example.com', 'pagos@example.com'],
  },
  lineas: [
    {
      codigoPrincipal: 'P-001',
      descripcion: 'Servicio de instalación',
      cantidad: '2.5',
      precioUnitario: '12.50',
      descuento: '1.25',
      codigoPorcentaje: '4',
    },
    {
      codigoPrincipal: 'P-002',
      codigoAuxiliar: '7861234500012',
      descripcion: 'Arroz 1 kg',
      cantidad: 3,
      precioUnitario: '1.10',
      codigoPorcentaje: '0',
    },
  ],
  // 2.5 × 12.50 − 1.25 = 30.00 at 15 % (4.50) + 3.30 at 0 % = 37.80.
  pagos: [{ formaPago: '20', total: '37.80', plazo: 30, unidadTiempo: 'dias' }],
  camposAdicionales: [{ nombre: 'Vendedor', valor: 'María' }],
  codigoNumerico: '12345678',
  ...cambios,
});

const armar = (cambios: Partial<DatosFactura> = {}) => {
  const r = armarComprobante(datos(cambios));
  if (!r.ok) throw new Error(r.errores.map((e) => e.mensaje).join('\n'));
  return r.comprobante;
};
const errores = (cambios: Partial<DatosFactura>) => {
  const r = armarComprobante(datos(cambios));
  return r.ok ? [] : r.errores.map((e) => e.mensaje);
};

describe('armarComprobante', () => {
  it('writes the issuer, the series and an access key that validates', () => {
    const c = armar();
    expect(c.version).toBe('1.1.0');
    expect(c.infoTributaria).toEqual({
      ambiente: '1',
      tipoEmision: '1',
      razonSocial: 'CORPORACION FAVORITA C.A.',
      nombreComercial: 'SUPERMAXI',
      ruc: '1790016919001',
      claveAcceso: c.infoTributaria.claveAcceso,
      codDoc: '01',
      estab: '001',
      ptoEmi: '002',
      secuencial: '000000123',
      dirMatriz: 'AV. GENERAL ENRIQUEZ VIA COTOGCHOA',
      agenteRetencion: '1',
    });
    // Key order is element order for the XML builder.
    expect(Object.keys(c.infoTributaria)).toEqual([
      'ambiente',
      'tipoEmision',
      'razonSocial',
      'nombreComercial',
      'ruc',
      'claveAcceso',
      'codDoc',
      'estab',
      'ptoEmi',
      'secuencial',
      'dirMatriz',
      'agenteRetencion',
    ]);
    expect(c.infoTributaria.claveAcceso).toBe(`30042024011790016919001100100200000012312345678${'1'}${c.infoTributaria.claveAcceso[48]}`);
    expect(validarClaveAcceso(c.infoTributaria.claveAcceso)).toMatchObject({ valida: true, partes: { fechaEmision: '30/04/2024' } });
  });

  it('dates the invoice by the day in Ecuador, not in UTC', () => {
    expect(armar().infoFactura.fechaEmision).toBe('30/04/2024');
    expect(fechaEmisionEcuador(new Date('2024-05-01T05:00:00Z'))).toBe('01/05/2024');
    expect(fechaEmisionEcuador('2024-02-29')).toBe('29/02/2024');
    expect(fechaEmisionEcuador('2023-02-29')).toBeNull();
  });

  it('writes the buyer, the totals and the payments as the schema wants them', () => {
    const f = armar().infoFactura;
    expect(f).toEqual({
      fechaEmision: '30/04/2024',
      dirEstablecimiento: 'AV. SEIS DE DICIEMBRE S/N ENTRE MORENO Y ALEMAN',
      contribuyenteEspecial: '5368',
      obligadoContabilidad: 'SI',
      tipoIdentificacionComprador: '05',
      razonSocialComprador: 'JUAN PÉREZ',
      identificacionComprador: '1710034065',
      direccionComprador: 'Av. Amazonas N24-03 y Colón',
      totalSinImpuestos: '33.30',
      totalDescuento: '1.25',
      totalConImpuestos: [
        { codigo: '2', codigoPorcentaje: '4', baseImponible: '30.00', tarifa: '15.00', valor: '4.50' },
        { codigo: '2', codigoPorcentaje: '0', baseImponible: '3.30', tarifa: '0.00', valor: '0.00' },
      ],
      propina: '0.00',
      importeTotal: '37.80',
      moneda: 'DOLAR',
      pagos: [{ formaPago: '20', total: '37.80', plazo: '30', unidadTiempo: 'dias' }],
    });
    expect(Object.keys(f.totalConImpuestos[0]!)).toEqual(['codigo', 'codigoPorcentaje', 'baseImponible', 'tarifa', 'valor']);
  });

  it('writes quantities and prices with 6 decimals, money with 2, the rate as 15.00', () => {
    expect(armar().detalles).toEqual([
      {
        codigoPrincipal: 'P-001',
        descripcion: 'Servicio de instalación',
        cantidad: '2.500000',
        precioUnitario: '12.500000',
        descuento: '1.25',
        precioTotalSinImpuesto: '30.00',
        impuestos: [{ codigo: '2', codigoPorcentaje: '4', tarifa: '15.00', baseImponible: '30.00', valor: '4.50' }],
      },
      {
        codigoPrincipal: 'P-002',
        codigoAuxiliar: '7861234500012',
        descripcion: 'Arroz 1 kg',
        cantidad: '3.000000',
        precioUnitario: '1.100000',
        descuento: '0.00',
        precioTotalSinImpuesto: '3.30',
        impuestos: [{ codigo: '2', codigoPorcentaje: '0', tarifa: '0.00', baseImponible: '3.30', valor: '0.00' }],
      },
    ]);
  });

  it('puts the buyer’s address and email in the additional information, then the free fields', () => {
    expect(armar().infoAdicional).toEqual([
      { nombre: 'Dirección', valor: 'Av. Amazonas N24-03 y Colón' },
      { nombre: 'Email', valor: 'juan@example.com, pagos@example.com' },
      { nombre: 'Vendedor', valor: 'María' },
    ]);
  });

  it('writes the RIMPE legend and leaves out what the company does not have', () => {
    const c = armar({
      emisor: {
        ...emisor,
        nombreComercial: '',
        contribuyenteEspecial: null,
        agenteRetencion: null,
        obligadoContabilidad: false,
        regimenRimpe: 'CONTRIBUYENTE NEGOCIO POPULAR - RÉGIMEN RIMPE',
      },
    });
    expect(c.infoTributaria).not.toHaveProperty('nombreComercial');
    expect(c.infoTributaria).not.toHaveProperty('agenteRetencion');
    expect(c.infoTributaria.contribuyenteRimpe).toBe('CONTRIBUYENTE NEGOCIO POPULAR - RÉGIMEN RIMPE');
    expect(c.infoFactura).not.toHaveProperty('contribuyenteEspecial');
    expect(c.infoFactura.obligadoContabilidad).toBe('NO');
  });

  it('names a sale to consumidor final with its fixed identification and name', () => {
    const c = armar({
      comprador: { tipoIdentificacion: '07', identificacion: '', razonSocial: 'cliente de mostrador' },
      lineas: [{ descripcion: 'Pan', cantidad: 10, precioUnitario: '0.25', codigoPorcentaje: '0' }],
      pagos: [{ formaPago: '01', total: '2.50' }],
      camposAdicionales: [],
    });
    expect(c.infoFactura).toMatchObject({
      tipoIdentificacionComprador: '07',
      identificacionComprador: '9999999999999',
      razonSocialComprador: 'CONSUMIDOR FINAL',
    });
    expect(c).not.toHaveProperty('infoAdicional');
  });

  it('refuses a consumidor final invoice over USD 50', () => {
    expect(errores({ comprador: { tipoIdentificacion: '07', identificacion: '9999999999999', razonSocial: 'CONSUMIDOR FINAL' } })).toEqual(
      [],
    );
    const mas = errores({
      comprador: { tipoIdentificacion: '07', identificacion: '9999999999999', razonSocial: 'CONSUMIDOR FINAL' },
      lineas: [{ descripcion: 'Televisor', cantidad: 1, precioUnitario: '450', codigoPorcentaje: '4' }],
      pagos: [{ formaPago: '19', total: '517.50' }],
    });
    expect(mas).toEqual([
      'Una factura a consumidor final no puede superar USD 50.00 y esta suma USD 517.50: identifique al comprador con su cédula, RUC o pasaporte.',
    ]);
  });

  it('allows at most 15 additional fields, counting the buyer’s', () => {
    const campos = (n: number) => Array.from({ length: n }, (_, i) => ({ nombre: `Campo ${i + 1}`, valor: 'x' }));
    expect(armar({ camposAdicionales: campos(13) }).infoAdicional).toHaveLength(15);
    expect(errores({ camposAdicionales: campos(14) })).toEqual([
      'La información adicional admite hasta 15 campos y esta factura tiene 16 (el correo y la dirección del comprador cuentan).',
    ]);
    expect(
      errores({
        camposAdicionales: [
          { nombre: 'Orden', valor: ' ' },
          { nombre: '', valor: '' },
          { nombre: 'Nota', valor: 'x'.repeat(301) },
        ],
      }),
    ).toEqual([
      'Información adicional 1: escriba el nombre y el valor del campo.',
      'Información adicional 3: el campo admite hasta 300 caracteres.',
    ]);
  });

  it('says which field is wrong, in Spanish, and makes no key', () => {
    const r = armarComprobante(
      datos({
        emisor: { ...emisor, ruc: '1790016919', razonSocial: 'x'.repeat(301) },
        establecimiento: '1000',
        secuencial: 0,
        lineas: [
          { descripcion: 'Uno', cantidad: 1, precioUnitario: 1, codigoPorcentaje: '0' },
          { descripcion: ' ', cantidad: 1, precioUnitario: 1, codigoPorcentaje: '0', codigoPrincipal: 'C'.repeat(26) },
        ],
        pagos: [{ formaPago: '01', total: 2 }],
      }),
    );
    expect(r.ok).toBe(false);
    expect(r.ok ? [] : r.errores).toEqual([
      { campo: 'emisor.ruc', mensaje: 'El RUC del emisor debe tener 13 dígitos y terminar en 001.' },
      { campo: 'establecimiento', mensaje: 'El establecimiento debe tener 3 dígitos, por ejemplo 001.' },
      { campo: 'secuencial', mensaje: 'El secuencial debe ser un número entero de 1 a 999999999.' },
      { campo: 'emisor.razonSocial', mensaje: 'La razón social del emisor admite hasta 300 caracteres.' },
      { campo: 'codigoPrincipal', linea: 2, mensaje: 'Línea 2: el código principal admite hasta 25 caracteres.' },
      { campo: 'descripcion', linea: 2, mensaje: 'Línea 2: ingrese la descripción.' },
    ]);
  });

  it('passes on the amounts’ errors with the computed invoice', () => {
    const r = armarComprobante(datos({ pagos: [{ formaPago: '01', total: '37.79' }] }));
    expect(r.ok).toBe(false);
    expect(r.calculo.importeTotal).toBe('37.80');
    expect(r.ok ? [] : r.errores.map((e) => e.mensaje)).toEqual([
      'La suma de las formas de pago (37.79) no coincide con el total de la factura (37.80).',
    ]);
  });
});
