import { describe, expect, it } from 'vitest';
import type { FacturaLinea } from '../../domain/contratos/facturas';
import type { GuiaDesdeFactura } from '../../domain/contratos/guiasRemision';
import {
  bienesDeLineas,
  destinatarioVacio,
  formDesdeFactura,
  guiaToWire,
  nuevaGuia,
  sinBienes,
  validarGuia,
  type GuiaForm,
} from '../../src/resources/guiasRemision/formulario';

/**
 * The guía de remisión form's pure logic: what it sends to the API (emails as a list, quantities with a point, the
 * plate in capitals, optional fields as null), what it refuses before sending (under each input), and how a guía
 * prepared from an invoice or an invoice's lines fill it.
 */

const M = {
  requerido: 'Requerido',
  finAntes: 'Fin antes del inicio',
  sinBienes: 'Sin bienes',
  cantidad: 'Cantidad inválida',
  establecimiento: 'Tres dígitos',
  correo: (c: string) => `Correo no válido: ${c}`,
};

const completa = (): GuiaForm => ({
  ...nuevaGuia('2026-03-10'),
  PEM_CODIGO: 3,
  TRA_CODIGO: 7,
  GUI_PLACA: ' pbc-1234 ',
  GUI_DIR_PARTIDA: 'Av. Amazonas N34-12, Quito',
  GUI_FECHA_FIN: '2026-03-12',
  destinatarios: [
    {
      ...destinatarioVacio(),
      CLI_CODIGO: 21,
      GDE_IDENTIFICACION: '1790012345001',
      GDE_RAZON_SOCIAL: 'Ferretería Central S.A.',
      GDE_DIRECCION: 'Calle Bolívar 4-56, Cuenca',
      GDE_CORREOS: 'compras@central.ec; bodega@central.ec',
      GDE_ESTAB_DESTINO: '002',
      GDE_SUSTENTO: 40,
      SUSTENTO_NUMERO: '001-001-000000040',
      detalles: [
        {
          CAT_CODIGO: 5,
          GDT_CODIGO_INTERNO: 'CLV-2',
          GDT_CODIGO_ADICIONAL: '',
          GDT_DESCRIPCION: 'Clavos 2"',
          GDT_CANTIDAD: '1,5',
          GDT_ADICIONALES: [],
        },
      ],
    },
  ],
});

describe('guías de remisión: el formulario', () => {
  it('starts issued and carried today, with one destinatario whose motivo is a sale and one good', () => {
    const nueva = nuevaGuia('2026-03-10');
    expect([nueva.FAC_FECHA, nueva.GUI_FECHA_INICIO, nueva.GUI_FECHA_FIN]).toEqual(['2026-03-10', '2026-03-10', '2026-03-10']);
    expect(nueva.destinatarios).toHaveLength(1);
    expect(nueva.destinatarios[0].GDE_MOTIVO).toBe('Venta');
    expect(sinBienes(nueva.destinatarios[0].detalles)).toBe(true);
  });

  it('sends the emails as a list, the quantity with a point, the plate in capitals and empty optional fields as null', () => {
    const wire = guiaToWire(completa());
    expect(wire).toMatchObject({ PEM_CODIGO: 3, TRA_CODIGO: 7, GUI_PLACA: 'PBC-1234', GUI_FECHA_FIN: '2026-03-12', FAC_ADICIONAL: [] });
    const [d] = wire.destinatarios;
    expect(d.GDE_CORREOS).toEqual(['compras@central.ec', 'bodega@central.ec']);
    expect(d).toMatchObject({ CLI_CODIGO: 21, GDE_SUSTENTO: 40, GDE_ESTAB_DESTINO: '002', GDE_DOC_ADUANERO: null, GDE_RUTA: null });
    expect(d).not.toHaveProperty('SUSTENTO_NUMERO');
    expect(d.detalles[0]).toEqual({
      CAT_CODIGO: 5,
      GDT_CODIGO_INTERNO: 'CLV-2',
      GDT_CODIGO_ADICIONAL: null,
      GDT_DESCRIPCION: 'Clavos 2"',
      GDT_CANTIDAD: '1.5',
      GDT_ADICIONALES: [],
    });
  });

  it('accepts a complete guía', () => {
    expect(validarGuia(completa(), M)).toEqual({});
  });

  it('puts each refusal under its input: header, destinatario and good', () => {
    const mala = completa();
    mala.TRA_CODIGO = '';
    mala.GUI_FECHA_FIN = '2026-03-09';
    mala.GUI_FECHA_INICIO = '2026-03-10';
    mala.destinatarios.push({ ...destinatarioVacio(), GDE_MOTIVO: '' });
    mala.destinatarios[0].GDE_CORREOS = 'compras@central.ec, bodega';
    mala.destinatarios[0].GDE_ESTAB_DESTINO = '2';
    mala.destinatarios[0].detalles[0].GDT_CANTIDAD = '0';
    const errores = validarGuia(mala, M) as Record<string, unknown> & { destinatarios: Record<string, unknown>[] };
    expect(errores.TRA_CODIGO).toBe('Requerido');
    expect(errores.GUI_FECHA_FIN).toBe('Fin antes del inicio');
    expect(errores.destinatarios[0]).toEqual({
      GDE_CORREOS: 'Correo no válido: bodega',
      GDE_ESTAB_DESTINO: 'Tres dígitos',
      detalles: [{ GDT_CANTIDAD: 'Cantidad inválida' }],
    });
    expect(errores.destinatarios[1]).toMatchObject({
      GDE_IDENTIFICACION: 'Requerido',
      GDE_RAZON_SOCIAL: 'Requerido',
      GDE_DIRECCION: 'Requerido',
      GDE_MOTIVO: 'Requerido',
      detalles: [{ GDT_DESCRIPCION: 'Requerido' }],
    });
  });

  it('refuses quantities with more than 6 decimals or that are no number', () => {
    const guia = completa();
    guia.destinatarios[0].detalles[0].GDT_CANTIDAD = '1.1234567';
    expect(validarGuia(guia, M)).toMatchObject({ destinatarios: [{ detalles: [{ GDT_CANTIDAD: 'Cantidad inválida' }] }] });
    guia.destinatarios[0].detalles[0].GDT_CANTIDAD = 'dos';
    expect(validarGuia(guia, M)).toMatchObject({ destinatarios: [{ detalles: [{ GDT_CANTIDAD: 'Cantidad inválida' }] }] });
  });

  it('starts from an invoice with its content, the invoice number beside its support, and no carrier nor plate', () => {
    const base: GuiaDesdeFactura = {
      PEM_CODIGO: 2,
      FAC_FECHA: '2026-03-10',
      GUI_DIR_PARTIDA: 'Matriz, Quito',
      GUI_FECHA_INICIO: '2026-03-10',
      GUI_FECHA_FIN: '2026-03-10',
      destinatarios: [
        {
          CLI_CODIGO: 21,
          GDE_IDENTIFICACION: '1790012345001',
          GDE_RAZON_SOCIAL: 'Ferretería Central S.A.',
          GDE_DIRECCION: 'Cuenca',
          GDE_CORREOS: ['compras@central.ec'],
          GDE_MOTIVO: 'Venta',
          GDE_SUSTENTO: 40,
          detalles: [{ GDT_DESCRIPCION: 'Clavos', GDT_CANTIDAD: '3.000000', GDT_CODIGO_INTERNO: 'CLV' }],
        },
      ],
    };
    const form = formDesdeFactura(base, '001-001-000000040');
    expect(form).toMatchObject({ PEM_CODIGO: 2, TRA_CODIGO: '', GUI_PLACA: '', GUI_DIR_PARTIDA: 'Matriz, Quito' });
    expect(form.destinatarios[0]).toMatchObject({
      GDE_CORREOS: 'compras@central.ec',
      SUSTENTO_NUMERO: '001-001-000000040',
      detalles: [{ GDT_DESCRIPCION: 'Clavos', GDT_CANTIDAD: '3', GDT_CODIGO_INTERNO: 'CLV', GDT_CODIGO_ADICIONAL: '' }],
    });
  });

  it("turns an invoice's lines into goods: codes, description and quantity", () => {
    const lineas = [
      { CAT_CODIGO: 5, FDE_PRINCIPAL: 'CLV-2', FDE_AUXILIAR: 'X1', FDE_DESCRIPCION: 'Clavos', FDE_CANTIDAD: '12.500000' },
      { CAT_CODIGO: null, FDE_PRINCIPAL: null, FDE_AUXILIAR: null, FDE_DESCRIPCION: 'Flete', FDE_CANTIDAD: '1.000000' },
    ] as unknown as FacturaLinea[];
    expect(bienesDeLineas(lineas)).toEqual([
      {
        CAT_CODIGO: 5,
        GDT_CODIGO_INTERNO: 'CLV-2',
        GDT_CODIGO_ADICIONAL: 'X1',
        GDT_DESCRIPCION: 'Clavos',
        GDT_CANTIDAD: '12.5',
        GDT_ADICIONALES: [],
      },
      {
        CAT_CODIGO: null,
        GDT_CODIGO_INTERNO: '',
        GDT_CODIGO_ADICIONAL: '',
        GDT_DESCRIPCION: 'Flete',
        GDT_CANTIDAD: '1',
        GDT_ADICIONALES: [],
      },
    ]);
  });
});
