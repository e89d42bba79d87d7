import { describe, expect, it } from 'vitest';
import { ARMADO_MSG } from '../../domain/facturas/mensajes';
import { validarClaveAcceso } from '../../domain/facturas';
import { GUIAS_MSG } from '../../domain/contratos/guiasRemision';
import { armarGuia, enBien, enDestinatario, GUIA_MSG, type DatosGuia, type DestinatarioEntrada } from '../../domain/guiasRemision';

/**
 * The guía de remisión built from its draft, as the server signs it and the form explains it: the carrier as the SRI's
 * recipient but the destinatarios' addresses in the "Email" field, the transport dated dd/mm/aaaa, each destinatario's
 * support invoice as codDocSustento 01, and every rule of GuiaRemision_V1.1.0.xsd in Spanish naming the destinatario
 * and the good.
 */

const destinatario = (cambios: Partial<DestinatarioEntrada> = {}): DestinatarioEntrada => ({
  identificacion: '1790012345001',
  razonSocial: 'COMERCIAL ANDINA S.A.',
  direccion: 'Av. Amazonas N24-03, Quito',
  correos: ['compras@andina.ec'],
  motivo: 'Venta',
  sustento: { numero: '001-001-000000123', autorizacion: '2003202601179214673900110010010000001231234567811', fecha: '2026-03-20' },
  detalles: [
    { codigoInterno: 'TOR-8', descripcion: 'Tornillo 8 mm (caja)', cantidad: 12 },
    { descripcion: 'Cemento 50 kg', cantidad: '2.5', adicionales: [{ nombre: 'Lote', valor: 'L-77' }] },
  ],
  ...cambios,
});

const datos = (cambios: Partial<DatosGuia> = {}): DatosGuia => ({
  emisor: {
    ruc: '1792146739001',
    razonSocial: 'FERRETERÍA EL TORNILLO S.A.',
    direccionMatriz: 'Av. 6 de Diciembre N33-12, Quito',
    direccionEstablecimiento: 'Av. 6 de Diciembre N33-12, Quito',
    obligadoContabilidad: true,
  },
  ambiente: '1',
  establecimiento: 1,
  puntoEmision: 1,
  secuencial: 7,
  codigoNumerico: '12345678',
  fecha: '2026-03-20',
  comprador: {
    tipoIdentificacion: '05',
    identificacion: '1710034065',
    razonSocial: 'TRANSPORTES ÑAUPARI',
    direccion: 'Recinto La Unión, Quevedo',
    email: ['chofer@example.com'],
    telefono: '0991234567',
  },
  transporte: { dirPartida: 'Av. 6 de Diciembre N33-12, Quito', fechaInicio: '2026-03-20', fechaFin: '2026-03-21', placa: 'PBC-1234' },
  destinatarios: [destinatario()],
  ...cambios,
});

const mensajes = (d: DatosGuia) => {
  const r = armarGuia(d);
  return r.ok ? [] : r.errores.map((e) => e.mensaje);
};

describe('armarGuia: el documento', () => {
  it('lleva al transportista, el transporte y cada destinatario con su factura de sustento y sus bienes', () => {
    const r = armarGuia(datos());
    if (!r.ok) throw new Error(JSON.stringify(r.errores));
    const c = r.comprobante;
    expect(c.version).toBe('1.1.0');
    expect(c.infoTributaria.codDoc).toBe('06');
    expect(validarClaveAcceso(c.infoTributaria.claveAcceso).valida).toBe(true);
    expect(c.infoTributaria.claveAcceso.slice(8, 10)).toBe('06');
    expect(c.infoGuiaRemision).toEqual({
      dirEstablecimiento: 'Av. 6 de Diciembre N33-12, Quito',
      dirPartida: 'Av. 6 de Diciembre N33-12, Quito',
      razonSocialTransportista: 'TRANSPORTES ÑAUPARI',
      tipoIdentificacionTransportista: '05',
      rucTransportista: '1710034065',
      obligadoContabilidad: 'SI',
      fechaIniTransporte: '20/03/2026',
      fechaFinTransporte: '21/03/2026',
      placa: 'PBC-1234',
    });
    expect(c.destinatarios).toEqual([
      {
        identificacionDestinatario: '1790012345001',
        razonSocialDestinatario: 'COMERCIAL ANDINA S.A.',
        dirDestinatario: 'Av. Amazonas N24-03, Quito',
        motivoTraslado: 'Venta',
        codDocSustento: '01',
        numDocSustento: '001-001-000000123',
        numAutDocSustento: '2003202601179214673900110010010000001231234567811',
        fechaEmisionDocSustento: '20/03/2026',
        detalles: [
          { codigoInterno: 'TOR-8', descripcion: 'Tornillo 8 mm (caja)', cantidad: '12.000000' },
          { descripcion: 'Cemento 50 kg', cantidad: '2.500000', detallesAdicionales: [{ nombre: 'Lote', valor: 'L-77' }] },
        ],
      },
    ]);
  });

  it('envía la guía a los destinatarios: su correo en Email, sin la dirección ni el teléfono del transportista', () => {
    const r = armarGuia(
      datos({
        destinatarios: [
          destinatario({ correos: ['compras@andina.ec', ' bodega@andina.ec '] }),
          destinatario({ identificacion: '0912345678', correos: ['compras@andina.ec', 'ana@example.com'], sustento: null }),
        ],
        camposAdicionales: [{ nombre: 'Observación', valor: 'Frágil' }],
      }),
    );
    if (!r.ok) throw new Error(JSON.stringify(r.errores));
    expect(r.comprobante.infoAdicional).toEqual([
      { nombre: 'Email', valor: 'compras@andina.ec, bodega@andina.ec, ana@example.com' },
      { nombre: 'Observación', valor: 'Frágil' },
    ]);
    // Without a support document, none of its four fields.
    expect(Object.keys(r.comprobante.destinatarios[1]!)).not.toContain('codDocSustento');
  });

  it('un traslado entre establecimientos lleva el establecimiento de destino, la ruta y el documento aduanero', () => {
    const r = armarGuia(
      datos({
        destinatarios: [
          destinatario({ sustento: undefined, estabDestino: '002', ruta: 'Quito - Latacunga', docAduanero: 'DAU-2026-0001' }),
        ],
      }),
    );
    if (!r.ok) throw new Error(JSON.stringify(r.errores));
    expect(r.comprobante.destinatarios[0]).toMatchObject({
      codEstabDestino: '002',
      ruta: 'Quito - Latacunga',
      docAduaneroUnico: 'DAU-2026-0001',
    });
  });
});

describe('armarGuia: las reglas del esquema, en castellano', () => {
  it('el transportista no puede ser consumidor final; su identificación se nombra como del transportista', () => {
    const m = mensajes(datos({ comprador: { tipoIdentificacion: '07', identificacion: '9999999999999', razonSocial: 'X' } }));
    expect(m).toContain(ARMADO_MSG.tipoIdentificacionReceptor('del transportista'));
    for (const tipo of ['04', '06', '08'] as const) {
      expect(armarGuia(datos({ comprador: { tipoIdentificacion: tipo, identificacion: 'AB123', razonSocial: 'X' } })).ok).toBe(true);
    }
  });

  it('la placa, la partida y las fechas del transporte', () => {
    expect(mensajes(datos({ transporte: { dirPartida: ' ', fechaInicio: '2026-03-20', fechaFin: '2026-03-20', placa: '' } }))).toEqual([
      'Ingrese la dirección de partida.',
      'Ingrese la placa del vehículo.',
    ]);
    expect(
      mensajes(datos({ transporte: { dirPartida: 'Quito', fechaInicio: '2026-03-20', fechaFin: '2026-03-20', placa: 'P'.repeat(21) } })),
    ).toEqual(['La placa del vehículo admite hasta 20 caracteres.']);
    expect(
      mensajes(datos({ transporte: { dirPartida: 'Quito', fechaInicio: '2026-03-21', fechaFin: '2026-03-20', placa: 'PBC-1' } })),
    ).toEqual([GUIAS_MSG.fechaFin]);
    expect(
      mensajes(datos({ transporte: { dirPartida: 'Quito', fechaInicio: '2026-02-30', fechaFin: '1999-03-20', placa: 'PBC-1' } })),
    ).toEqual([GUIA_MSG.fechaInicio, GUIA_MSG.fechaFinInvalida]);
  });

  it('de 1 a 100 destinatarios, de 1 a 1000 bienes cada uno', () => {
    expect(mensajes(datos({ destinatarios: [] }))).toContain(GUIAS_MSG.sinDestinatarios);
    expect(mensajes(datos({ destinatarios: Array.from({ length: 101 }, () => destinatario()) }))).toContain(
      GUIA_MSG.demasiadosDestinatarios,
    );
    expect(armarGuia(datos({ destinatarios: Array.from({ length: 100 }, () => destinatario({ correos: [] })) })).ok).toBe(true);
    expect(mensajes(datos({ destinatarios: [destinatario(), destinatario({ detalles: [] })] }))).toEqual([GUIAS_MSG.sinDetalles(2)]);
    const mil = Array.from({ length: 1001 }, () => ({ descripcion: 'Perno', cantidad: 1 }));
    expect(mensajes(datos({ destinatarios: [destinatario({ detalles: mil })] }))).toEqual([GUIA_MSG.demasiadosBienes(1)]);
  });

  it('la cantidad: mayor que cero, hasta 6 decimales y 12 enteros, nombrando destinatario y bien', () => {
    const con = (cantidad: string | number) =>
      mensajes(
        datos({
          destinatarios: [
            destinatario(),
            destinatario({
              detalles: [
                { descripcion: 'A', cantidad: 1 },
                { descripcion: 'B', cantidad },
              ],
            }),
          ],
        }),
      );
    expect(con(0)).toEqual([enBien(2, 2, GUIA_MSG.cantidadCero)]);
    expect(con('-1')).toEqual([enBien(2, 2, GUIA_MSG.cantidadCero)]);
    expect(con('')).toEqual([enBien(2, 2, GUIA_MSG.cantidadRequerida)]);
    expect(con('dos')).toEqual([enBien(2, 2, GUIA_MSG.cantidadFormato)]);
    expect(con('1.1234567')).toEqual([enBien(2, 2, GUIA_MSG.cantidadDecimales)]);
    expect(con('1234567890123')).toEqual([enBien(2, 2, GUIA_MSG.cantidadGrande)]);
    expect(con('999999999999.999999')).toEqual([]);
    expect(mensajes(datos({ destinatarios: [destinatario({ detalles: [{ descripcion: 'A', cantidad: '1,5' }] })] }))).toEqual([]);
    expect(enBien(2, 2, GUIA_MSG.cantidadCero)).toBe('Destinatario 2, bien 2: la cantidad debe ser mayor que cero.');
  });

  it('los textos de una línea y su largo, los códigos y los detalles adicionales', () => {
    const largo = 'x'.repeat(301);
    const m = mensajes(
      datos({
        destinatarios: [
          destinatario({
            identificacion: '1'.repeat(21),
            razonSocial: '',
            direccion: largo,
            motivo: ' \n ',
            ruta: largo,
            docAduanero: 'D'.repeat(21),
            detalles: [
              {
                codigoInterno: 'C'.repeat(26),
                descripcion: '',
                cantidad: 1,
                adicionales: [
                  { nombre: 'a', valor: '1' },
                  { nombre: 'b', valor: '2' },
                  { nombre: 'c', valor: '3' },
                  { nombre: 'd', valor: '' },
                ],
              },
            ],
          }),
        ],
      }),
    );
    expect(m).toEqual([
      'Destinatario 1: la identificación del destinatario admite hasta 20 caracteres.',
      'Destinatario 1: ingrese la razón social del destinatario.',
      'Destinatario 1: la dirección del destinatario admite hasta 300 caracteres.',
      'Destinatario 1: ingrese el motivo del traslado.',
      'Destinatario 1: el documento aduanero admite hasta 20 caracteres.',
      'Destinatario 1: la ruta admite hasta 300 caracteres.',
      enBien(1, 1, GUIA_MSG.detalleAdicionalIncompleto(4)),
      enBien(1, 1, GUIA_MSG.detallesAdicionales),
      'Destinatario 1, bien 1: el código interno admite hasta 25 caracteres.',
      'Destinatario 1, bien 1: ingrese la descripción.',
    ]);
    // A line break becomes a space: the schema's [^\n]*.
    const r = armarGuia(datos({ destinatarios: [destinatario({ motivo: 'Venta\nal por mayor' })] }));
    expect(r.ok && r.comprobante.destinatarios[0]!.motivoTraslado).toBe('Venta al por mayor');
  });

  it('el establecimiento de destino tiene 3 dígitos', () => {
    expect(mensajes(datos({ destinatarios: [destinatario({ estabDestino: '2' })] }))).toEqual([enDestinatario(1, GUIA_MSG.estabDestino)]);
    expect(mensajes(datos({ destinatarios: [destinatario({ estabDestino: 'ABC' })] }))).toEqual([enDestinatario(1, GUIA_MSG.estabDestino)]);
  });

  it('la factura de sustento: número 001-001-000000123, autorización de 10 a 49 dígitos y fecha válida', () => {
    const m = mensajes(
      datos({ destinatarios: [destinatario({ sustento: { numero: '1-1-123', autorizacion: '123', fecha: '2026-13-01' } })] }),
    );
    expect(m).toEqual([
      enDestinatario(1, GUIA_MSG.sustentoNumero),
      enDestinatario(1, GUIA_MSG.sustentoAutorizacion),
      enDestinatario(1, GUIA_MSG.sustentoFecha),
    ]);
  });

  it('los correos de los destinatarios caben en el campo Email (300 caracteres)', () => {
    const correos = Array.from({ length: 20 }, (_, i) => `destinatario.numero.${i}@example.com`);
    expect(mensajes(datos({ destinatarios: [destinatario({ correos })] }))).toEqual([GUIA_MSG.correosLargos]);
  });

  it('los errores comunes (emisor, serie) siguen a los de la guía', () => {
    const m = mensajes(datos({ secuencial: 0, destinatarios: [] }));
    expect(m).toEqual([GUIAS_MSG.sinDestinatarios, ARMADO_MSG.secuencial]);
  });
});
