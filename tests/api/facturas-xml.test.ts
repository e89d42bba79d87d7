import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ComprobanteFactura } from '../../domain/facturas/comprobante';
import { facturaXml } from '../../server/modules/facturas/xml';
import { validarFactura } from '../../server/modules/comprobantes/esquema';
import { CLAVE_ACCESO_EJEMPLO, comprobanteConLineas, comprobanteEjemplo } from '../helpers/comprobante-ejemplo';

const ESQUEMAS = path.resolve(import.meta.dirname, '../../server/modules/comprobantes/esquemas');
const REFERENCIA = path.resolve(import.meta.dirname, '../../../shared/reference/sri');

/** Debian's xmllint, a separate build of libxml2: the independent judge of what we generate. */
function xmllint(xml: string, ...opciones: string[]) {
  const r = spawnSync('xmllint', [...opciones, '-'], { input: xml, encoding: 'utf8' });
  return { ok: r.status === 0, salida: r.stdout, errores: r.stderr };
}
const aceptaXmllint = (xml: string) => xmllint(xml, '--noout', '--schema', path.join(ESQUEMAS, 'factura_V1.1.0.xsd'));
const leerXpath = (xml: string, xpath: string) => xmllint(xml, '--xpath', `string(${xpath})`).salida.replace(/\n$/, '');

async function erroresDe(xml: string) {
  const r = await validarFactura(xml);
  if (r.valido) throw new Error('El esquema aceptó un documento que debía rechazar');
  return r.errores;
}

describe('the example invoice (shared fixture)', () => {
  const centavos = (v: string) => Math.round(Number(v) * 100);
  const suma = (vs: string[]) => vs.reduce((s, v) => s + centavos(v), 0);
  /** base × tarifa in cents, half-up (exact halves are representable, and Math.round takes them up). */
  const iva = (base: string, tarifa: string) => Math.round((centavos(base) * centavos(tarifa)) / 10000);

  it('has an access key with its module-11 check digit and the document data inside', () => {
    const verificador = (digitos: string) => {
      let total = 0;
      for (let i = 0; i < digitos.length; i++) total += Number(digitos[digitos.length - 1 - i]) * (2 + (i % 6));
      const d = 11 - (total % 11);
      return d === 11 ? 0 : d === 10 ? 1 : d;
    };
    expect(verificador('181120230117900169190012072126000254002071101351')).toBe(0); // the reference's real key
    const c = comprobanteEjemplo();
    const clave = c.infoTributaria.claveAcceso;
    expect(clave).toBe(CLAVE_ACCESO_EJEMPLO);
    expect(clave).toHaveLength(49);
    expect(Number(clave[48])).toBe(verificador(clave.slice(0, 48)));
    const [d, m, a] = c.infoFactura.fechaEmision.split('/');
    const { codDoc, ruc, ambiente, estab, ptoEmi, secuencial } = c.infoTributaria;
    expect(clave.slice(0, 39)).toBe(`${d}${m}${a}${codDoc}${ruc}${ambiente}${estab}${ptoEmi}${secuencial}`);
  });

  it.each([
    ['3 lines', comprobanteEjemplo()],
    ['200 lines', comprobanteConLineas(200)],
  ])('has totals that add up (%s), as the SRI checks them', (_, c) => {
    const f = c.infoFactura;
    for (const d of c.detalles) {
      // cantidad × precio with 6 decimals each: exact in 12 decimals, rounded half-up to cents.
      const bruto = (BigInt(d.cantidad.replace('.', '')) * BigInt(d.precioUnitario.replace('.', '')) + 5n * 10n ** 9n) / 10n ** 10n;
      expect(Number(bruto) - centavos(d.descuento)).toBe(centavos(d.precioTotalSinImpuesto));
      for (const i of d.impuestos) expect(centavos(i.valor)).toBe(iva(i.baseImponible, i.tarifa));
    }
    expect(suma(c.detalles.map((d) => d.precioTotalSinImpuesto))).toBe(centavos(f.totalSinImpuestos));
    expect(suma(c.detalles.map((d) => d.descuento))).toBe(centavos(f.totalDescuento));
    for (const t of f.totalConImpuestos) {
      const lineas = c.detalles.flatMap((d) => d.impuestos).filter((i) => i.codigoPorcentaje === t.codigoPorcentaje);
      expect(suma(lineas.map((i) => i.baseImponible))).toBe(centavos(t.baseImponible));
      expect(centavos(t.valor)).toBe(iva(t.baseImponible, t.tarifa ?? '0'));
    }
    expect(centavos(f.totalSinImpuestos) + suma(f.totalConImpuestos.map((t) => t.valor)) + centavos(f.propina)).toBe(
      centavos(f.importeTotal),
    );
    expect(suma(f.pagos.map((p) => p.total))).toBe(centavos(f.importeTotal));
  });
});

describe('facturaXml', () => {
  it('writes the declaration and one compact line the signer can canonicalize as is', () => {
    const xml = facturaXml(comprobanteEjemplo());
    const [declaracion, cuerpo, ...resto] = xml.split('\n');
    expect(declaracion).toBe('<?xml version="1.0" encoding="UTF-8"?>');
    expect(resto).toEqual([]);
    expect(cuerpo.startsWith('<factura id="comprobante" version="1.1.0"><infoTributaria><ambiente>1</ambiente>')).toBe(true);
    expect(cuerpo.endsWith('</infoAdicional></factura>')).toBe(true);
    expect(cuerpo).not.toMatch(/>\s+</);
    expect(cuerpo).not.toMatch(/\/>/);
    expect(facturaXml(comprobanteEjemplo())).toBe(xml);
  });

  it('carries the issuer, the RIMPE legend, the totals and the payments the SRI reads', () => {
    const xml = facturaXml(comprobanteEjemplo());
    expect(xml).toContain('<razonSocial>DISTRIBUIDORA PÉREZ &amp; HIJOS CÍA. LTDA.</razonSocial>');
    expect(xml).toContain('<contribuyenteRimpe>CONTRIBUYENTE RÉGIMEN RIMPE</contribuyenteRimpe>');
    expect(xml).toContain('<obligadoContabilidad>SI</obligadoContabilidad>');
    expect(leerXpath(xml, '/factura/infoFactura/importeTotal')).toBe('150.56');
    expect(leerXpath(xml, 'count(//detalle)')).toBe('3');
    expect(leerXpath(xml, '//detalle[2]/cantidad')).toBe('12.345678');
    expect(leerXpath(xml, '//pago[2]/unidadTiempo')).toBe('dias');
    expect(leerXpath(xml, '//campoAdicional[@nombre="Email"]')).toBe('compras@losandes.com.ec');
  });

  it('produces a document the SRI schema accepts, for our validator and for Debian xmllint', async () => {
    const xml = facturaXml(comprobanteEjemplo());
    expect(await validarFactura(xml)).toEqual({ valido: true });
    expect(aceptaXmllint(xml)).toMatchObject({ ok: true });
  });

  it('escapes XML special characters, which come back unchanged and still valid', async () => {
    const c = comprobanteEjemplo();
    const descripcion = `Tornillo 1/4" <acero> & "tuerca" 'M6' ]]> ñandú`;
    const valor = `Rojo & "negro" <mate>\nsegunda línea\tcon tabulador`;
    c.detalles[0].descripcion = descripcion + '\u0007';
    c.detalles[0].detallesAdicionales = [{ nombre: 'Acabado "premium"', valor }];
    c.infoAdicional = [{ nombre: 'Observación <interna>', valor: 'Entregar a "Juan" & Cía.' }];
    const xml = facturaXml(c);
    expect(xml).toContain('<descripcion>Tornillo 1/4" &lt;acero&gt; &amp; "tuerca" \'M6\' ]]&gt; ñandú</descripcion>');
    expect(leerXpath(xml, '//detalle[1]/descripcion')).toBe(descripcion); // the bell character XML cannot carry is dropped
    expect(leerXpath(xml, '//detAdicional/@valor')).toBe(valor);
    expect(leerXpath(xml, '//detAdicional/@nombre')).toBe('Acabado "premium"');
    expect(leerXpath(xml, '//campoAdicional/@nombre')).toBe('Observación <interna>');
    expect(leerXpath(xml, '//campoAdicional')).toBe('Entregar a "Juan" & Cía.');
    expect(await validarFactura(xml)).toEqual({ valido: true });
    expect(aceptaXmllint(xml).ok).toBe(true);
  });

  it('leaves optional fields out when they are absent (or empty), and the schema still accepts it', async () => {
    const c = comprobanteEjemplo();
    delete c.infoTributaria.nombreComercial;
    delete c.infoTributaria.contribuyenteRimpe;
    delete c.infoFactura.dirEstablecimiento;
    delete c.infoFactura.obligadoContabilidad;
    c.infoFactura.direccionComprador = '';
    for (const t of c.infoFactura.totalConImpuestos) delete t.tarifa;
    c.infoFactura.pagos = [{ formaPago: '01', total: '150.56' }];
    for (const d of c.detalles) {
      delete d.codigoPrincipal;
      delete d.codigoAuxiliar;
      delete d.detallesAdicionales;
    }
    delete c.infoAdicional;
    const xml = facturaXml(c);
    for (const ausente of ['nombreComercial', 'contribuyenteRimpe', 'dirEstablecimiento', 'obligadoContabilidad', 'direccionComprador']) {
      expect(xml).not.toContain(`<${ausente}>`);
    }
    for (const ausente of ['codigoPrincipal', 'detallesAdicionales', 'plazo', 'infoAdicional', '<tarifa>15.00</tarifa><valor>15.07']) {
      expect(xml).not.toContain(ausente);
    }
    expect(await validarFactura(xml)).toEqual({ valido: true });
    expect(aceptaXmllint(xml).ok).toBe(true);
  });

  it('writes the optional issuer data in the schema order when the company has it', async () => {
    const c = comprobanteEjemplo();
    c.infoTributaria.agenteRetencion = '1';
    c.infoFactura.contribuyenteEspecial = '5368';
    c.infoFactura.totalConImpuestos[0].descuentoAdicional = '0.00';
    const xml = facturaXml(c);
    expect(xml).toContain(
      '<dirMatriz>Av. 10 de Agosto N24-56 y Cordero, Quito</dirMatriz><agenteRetencion>1</agenteRetencion><contribuyenteRimpe>',
    );
    expect(xml).toContain('</dirEstablecimiento><contribuyenteEspecial>5368</contribuyenteEspecial><obligadoContabilidad>');
    expect(await validarFactura(xml)).toEqual({ valido: true });
    expect(aceptaXmllint(xml).ok).toBe(true);
  });

  it('produces a valid document for a large invoice (200 lines)', async () => {
    const xml = facturaXml(comprobanteConLineas(200));
    expect(leerXpath(xml, 'count(//detalle)')).toBe('200');
    expect(await validarFactura(xml)).toEqual({ valido: true });
    expect(aceptaXmllint(xml).ok).toBe(true);
  });
});

describe('validarFactura refuses what the SRI would, naming the field in Spanish', () => {
  const conCambio = (cambio: (c: ComprobanteFactura) => void) => {
    const c = comprobanteEjemplo();
    cambio(c);
    return facturaXml(c);
  };

  it('a RUC of 12 digits', async () => {
    const xml = conCambio((c) => (c.infoTributaria.ruc = '179206034600'));
    expect(aceptaXmllint(xml).ok).toBe(false);
    const [error, ...otros] = await erroresDe(xml);
    expect(otros).toEqual([]);
    expect(error.campo).toBe('infoTributaria/ruc');
    expect(error.mensaje).toBe('El campo ruc no cumple el formato del SRI (valor: 179206034600).');
    expect(error.tecnico).toContain("[facet 'pattern']");
  });

  it('a buyer identification the schema refuses', async () => {
    const xml = conCambio((c) => (c.infoFactura.identificacionComprador = '1790016919001-EXTRA-LARGO'));
    const [error] = await erroresDe(xml);
    expect(error.campo).toBe('infoFactura/identificacionComprador');
    expect(error.mensaje).toBe('El campo identificacionComprador es demasiado largo: tiene 25 caracteres y el SRI acepta hasta 20.');
  });

  it('a money value with 4 decimals, on a numbered line', async () => {
    const xml = conCambio((c) => (c.detalles[1].impuestos[0].valor = '1.5735'));
    expect(aceptaXmllint(xml).ok).toBe(false);
    const [error] = await erroresDe(xml);
    expect(error.campo).toBe('detalles/detalle[2]/impuestos/impuesto/valor');
    expect(error.mensaje).toBe('El campo valor (detalle 2) tiene más decimales de los permitidos (máximo 2; valor: 1.5735).');
  });

  it('a negative quantity and an empty required field', async () => {
    const xml = conCambio((c) => {
      c.detalles[2].cantidad = '-3.000000';
      c.infoFactura.razonSocialComprador = '';
    });
    const errores = await erroresDe(xml);
    expect(errores.map((e) => [e.campo, e.mensaje])).toEqual([
      ['infoFactura/razonSocialComprador', 'El campo razonSocialComprador está vacío.'],
      ['detalles/detalle[3]/cantidad', 'El campo cantidad (detalle 3) no puede ser negativo (mínimo 0; valor: -3.000000).'],
    ]);
  });

  it('a missing required element, in the middle or at the end of its parent', async () => {
    const sinFecha = facturaXml(comprobanteEjemplo()).replace(/<fechaEmision>[^<]*<\/fechaEmision>/, '');
    expect(aceptaXmllint(sinFecha).ok).toBe(false);
    const [enMedio] = await erroresDe(sinFecha);
    expect(enMedio.mensaje).toBe('Falta el campo fechaEmision antes de dirEstablecimiento, o dirEstablecimiento está fuera de lugar.');

    const sinValor = facturaXml(comprobanteEjemplo()).replace('<valor>0.00</valor></impuesto>', '</impuesto>');
    expect(aceptaXmllint(sinValor).ok).toBe(false);
    const [alFinal] = await erroresDe(sinValor);
    expect(alFinal).toMatchObject({
      campo: 'detalles/detalle[3]/impuestos/impuesto/valor',
      mensaje: 'Falta el campo valor en impuesto (detalle 3).',
    });
  });

  it('an invoice without any tax total', async () => {
    const [error] = await erroresDe(conCambio((c) => (c.infoFactura.totalConImpuestos = [])));
    expect(error).toMatchObject({
      campo: 'infoFactura/totalConImpuestos/totalImpuesto',
      mensaje: 'Falta el campo totalImpuesto en totalConImpuestos.',
    });
  });

  it('an XML that is not well formed', async () => {
    const [error] = await erroresDe(facturaXml(comprobanteEjemplo()).replace('</ruc>', '</rux>'));
    expect(error.mensaje).toMatch(/^El XML del comprobante está mal formado \(línea 2, columna \d+\)\.$/);
  });
});

describe('the schemas shipped with the server', () => {
  it.skipIf(!existsSync(REFERENCIA))('are the SRI files of the reference, unchanged', () => {
    for (const archivo of ['factura_V1.1.0.xsd', 'xmldsig-core-schema.xsd']) {
      expect(readFileSync(path.join(ESQUEMAS, archivo)).equals(readFileSync(path.join(REFERENCIA, archivo)))).toBe(true);
    }
  });

  it('validate a 20-line invoice in a few milliseconds (the whole invoice has 25 ms)', async () => {
    const comprobante = comprobanteConLineas(20);
    await validarFactura(facturaXml(comprobante)); // loads the library and compiles the schema once
    const tiempos: number[] = [];
    for (let i = 0; i < 50; i++) {
      const inicio = performance.now();
      const r = await validarFactura(facturaXml(comprobante));
      tiempos.push(performance.now() - inicio);
      expect(r.valido).toBe(true);
    }
    tiempos.sort((a, b) => a - b);
    const mediana = tiempos[25];
    console.log(`XML de 20 líneas, construir + validar: mediana ${mediana.toFixed(3)} ms, máximo ${tiempos[49].toFixed(3)} ms`);
    expect(mediana).toBeLessThan(5);
  });
});
