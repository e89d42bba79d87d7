import { abrirCertificado, type Certificado } from '../../server/modules/firmas/certificado';
import { firmarXml } from '../../server/modules/comprobantes';
import { generarClaveAcceso } from '../../domain/comprobantes/clave-acceso';
import { CLAVE_P12, crearCertificadosPrueba, type CertificadosPrueba } from './certificados';

/** A withholding on one of the company's invoices, as the client who withholds writes it. */
export type RetencionSobreFactura = {
  /** 001-001-000000123 */
  factura: string;
  /** AAAA-MM-DD */
  fechaFactura: string;
  /** 1 renta, 2 IVA */
  codigo: '1' | '2';
  codigoRetencion: string;
  baseImponible: string;
  porcentajeRetener: string;
  valorRetenido: string;
  /** 01 factura (default); another code names another kind of support document. */
  codDocSustento?: string;
};

export type RetencionDeClientePrueba = {
  /** The client who withholds (the retención's issuer). */
  ruc: string;
  razonSocial: string;
  /** The company withheld on (the sujeto retenido). */
  empresaRuc: string;
  empresaRazonSocial: string;
  ambiente: '1' | '2';
  secuencial: number;
  /** AAAA-MM-DD */
  fecha: string;
  retenciones: RetencionSobreFactura[];
};

const ddmmaaaa = (dia: string) => dia.split('-').reverse().join('/');

/**
 * A client's comprobante de retención v2.0.0 (ComprobanteRetencion_V2.0.0.xsd) with one docSustento per invoice named,
 * signed (XAdES-BES, the core's firmarXml) with a test certificate made by OpenSSL, and wrapped as the SRI's
 * <autorizacion> answers it: what a company downloads from the SRI and uploads to /api/recibidos/archivos.
 */
export function crearRetencionesDeCliente() {
  const certs: CertificadosPrueba = crearCertificadosPrueba();
  const certificado: Certificado = abrirCertificado(certs.legacy, CLAVE_P12);

  function comprobante(r: RetencionDeClientePrueba) {
    const secuencial = String(r.secuencial).padStart(9, '0');
    const clave = generarClaveAcceso({
      fechaEmision: ddmmaaaa(r.fecha),
      codDoc: '07',
      ruc: r.ruc,
      ambiente: r.ambiente,
      estab: '001',
      ptoEmi: '001',
      secuencial,
    });
    const porFactura = new Map<string, RetencionSobreFactura[]>();
    for (const x of r.retenciones) porFactura.set(x.factura, [...(porFactura.get(x.factura) ?? []), x]);
    const docs = [...porFactura.values()]
      .map((lista) => {
        const base = lista[0]!;
        const retenciones = lista
          .map(
            (x) =>
              `<retencion><codigo>${x.codigo}</codigo><codigoRetencion>${x.codigoRetencion}</codigoRetencion>` +
              `<baseImponible>${x.baseImponible}</baseImponible><porcentajeRetener>${x.porcentajeRetener}</porcentajeRetener>` +
              `<valorRetenido>${x.valorRetenido}</valorRetenido></retencion>`,
          )
          .join('');
        return (
          `<docSustento><codSustento>01</codSustento><codDocSustento>${base.codDocSustento ?? '01'}</codDocSustento>` +
          `<numDocSustento>${base.factura.replace(/-/g, '')}</numDocSustento>` +
          `<fechaEmisionDocSustento>${ddmmaaaa(base.fechaFactura)}</fechaEmisionDocSustento><pagoLocExt>01</pagoLocExt>` +
          `<totalSinImpuestos>${base.baseImponible}</totalSinImpuestos><importeTotal>${base.baseImponible}</importeTotal>` +
          `<impuestosDocSustento><impuestoDocSustento><codImpuestoDocSustento>2</codImpuestoDocSustento><codigoPorcentaje>0</codigoPorcentaje>` +
          `<baseImponible>${base.baseImponible}</baseImponible><tarifa>0</tarifa><valorImpuesto>0.00</valorImpuesto></impuestoDocSustento></impuestosDocSustento>` +
          `<retenciones>${retenciones}</retenciones>` +
          `<pagos><pago><formaPago>20</formaPago><total>${base.baseImponible}</total></pago></pagos></docSustento>`
        );
      })
      .join('');
    const xml =
      '<?xml version="1.0" encoding="UTF-8"?>' +
      '<comprobanteRetencion id="comprobante" version="2.0.0">' +
      `<infoTributaria><ambiente>${r.ambiente}</ambiente><tipoEmision>1</tipoEmision><razonSocial>${r.razonSocial}</razonSocial>` +
      `<ruc>${r.ruc}</ruc><claveAcceso>${clave}</claveAcceso><codDoc>07</codDoc><estab>001</estab><ptoEmi>001</ptoEmi>` +
      `<secuencial>${secuencial}</secuencial><dirMatriz>Av. Amazonas N34-120, Quito</dirMatriz></infoTributaria>` +
      `<infoCompRetencion><fechaEmision>${ddmmaaaa(r.fecha)}</fechaEmision><obligadoContabilidad>SI</obligadoContabilidad>` +
      `<tipoIdentificacionSujetoRetenido>04</tipoIdentificacionSujetoRetenido><parteRel>NO</parteRel>` +
      `<razonSocialSujetoRetenido>${r.empresaRazonSocial}</razonSocialSujetoRetenido>` +
      `<identificacionSujetoRetenido>${r.empresaRuc}</identificacionSujetoRetenido>` +
      `<periodoFiscal>${r.fecha.slice(5, 7)}/${r.fecha.slice(0, 4)}</periodoFiscal></infoCompRetencion>` +
      `<docsSustento>${docs}</docsSustento></comprobanteRetencion>`;
    return { clave, numero: `001-001-${secuencial}`, xml: firmarXml(xml, certificado) };
  }

  /** The signed retención inside the SRI's <autorizacion> (estado AUTORIZADO), as a file to upload. */
  function autorizada(r: RetencionDeClientePrueba) {
    const c = comprobante(r);
    const archivo =
      '<?xml version="1.0" encoding="UTF-8"?><autorizacion><estado>AUTORIZADO</estado>' +
      `<numeroAutorizacion>${c.clave}</numeroAutorizacion><fechaAutorizacion>${r.fecha}T10:00:00-05:00</fechaAutorizacion>` +
      `<ambiente>${r.ambiente === '2' ? 'PRODUCCIÓN' : 'PRUEBAS'}</ambiente>` +
      `<comprobante><![CDATA[${c.xml}]]></comprobante><mensajes/></autorizacion>`;
    return { ...c, archivo };
  }

  return { comprobante, autorizada, limpiar: () => certs.limpiar() };
}
