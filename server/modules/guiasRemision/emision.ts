/**
 * The guía de remisión in one call (POST /api/guiasRemision/emision): the carrier by identification with the plate,
 * the transport's dates and departure (by default the emission point's establishment's address), and each destinatario
 * with the invoice that supports it (by number or access key, an AUTORIZADA factura of the company) and its goods by
 * the company's product code or as free text. Judged by the guías' own rules before the carrier is written, and saved
 * through the drafts' own service; a carrier created for a guía that is then refused is removed again.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { Type, type Static } from 'typebox';
import type { Db } from '../../infra/db/client';
import { catalogo, establecimientos, puntosEmision } from '../../infra/db/schema';
import type { CompanyActor } from '../../core/actor';
import { HttpError } from '../../core/errors';
import { correosDirectos } from '../../core/receptor-directo';
import { olvidarTransportista, transportistaExistente, transportistaPorIdentificacion } from '../../core/transportista-directo';
import { ROLES_PERMITIDOS } from '../../../domain/roles';
import { hoyEcuador } from '../../../domain/fechas';
import { enDestinatario } from '../../../domain/guiasRemision';
import { CamposDirectos, DocumentoCitado, EMISION_MSG, ReceptorDirecto } from '../../../domain/contratos/emision';
import { borradorConReceptor, ComprobanteRechazado, puntoDeSerie, type ModuloEmisionDirecta } from '../comprobantes';
import { clientScopeValues } from '../clientes';
import { facturaCitada } from '../facturas';
import { GUIAS_MSG, type GuiaDestinatarioBorrador, type GuiaRemisionBorrador } from './contract';
import { crearGuia, eliminarGuia, reglasBorrador } from './borradores';
import { tipoGuia } from './tipo';

const Texto = (max: number, description?: string) => Type.String({ maxLength: max, ...(description ? { description } : {}) });
const Dia = (description: string) =>
  Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', errorMessage: 'La fecha debe tener el formato AAAA-MM-DD', description });

const Bien = Type.Object({
  codigo: Type.Optional(Texto(25, 'Código principal del producto en el catálogo de la empresa; sin él, la descripción es obligatoria')),
  descripcion: Type.Optional(Texto(300, 'Por defecto, la del producto')),
  cantidad: Type.Union([Type.Number(), Type.String({ maxLength: 40 })], { description: 'Mayor que cero, hasta 6 decimales' }),
});

const Destinatario = Type.Object({
  identificacion: Texto(20, 'RUC, cédula o pasaporte de quien recibe'),
  razonSocial: Texto(300),
  direccion: Texto(300, 'Dirección de destino'),
  email: Type.Optional(Texto(500, 'Uno o varios correos separados por ; o ,: reciben la guía autorizada')),
  motivo: Texto(300, 'Motivo del traslado, p. ej. Venta'),
  factura: Type.Optional(DocumentoCitado),
  codEstabDestino: Type.Optional(Texto(3, 'Establecimiento de destino, 001')),
  ruta: Type.Optional(Texto(300)),
  docAduanero: Type.Optional(Texto(20)),
  items: Type.Array(Bien, { maxItems: 1000, errorMessage: 'Cada destinatario admite hasta 1000 bienes' }),
});
type Destinatario = Static<typeof Destinatario>;

const GuiaDirecta = Type.Object(
  {
    ...CamposDirectos,
    transportista: Type.Object({
      ...ReceptorDirecto.properties,
      placa: Type.Optional(Texto(20, 'Placa del vehículo; por defecto, la del transportista registrado (obligatoria si es nuevo)')),
    }),
    fechaInicioTransporte: Dia('AAAA-MM-DD'),
    fechaFinTransporte: Dia('AAAA-MM-DD, el mismo día o después del inicio'),
    dirPartida: Type.Optional(Texto(300, 'Por defecto, la dirección del establecimiento del punto de emisión')),
    destinatarios: Type.Array(Destinatario, { maxItems: 100, errorMessage: 'La guía admite hasta 100 destinatarios' }),
  },
  {
    examples: [
      {
        serie: '001-001',
        fechaEmision: '2026-03-02',
        transportista: {
          identificacion: '1712345678',
          razonSocial: 'CARLOS ANDRADE',
          placa: 'PBA-1234',
          telefono: '0998765432',
        },
        fechaInicioTransporte: '2026-03-02',
        fechaFinTransporte: '2026-03-03',
        dirPartida: 'Av. Amazonas N34-120, Quito',
        destinatarios: [
          {
            identificacion: '1790012345001',
            razonSocial: 'COMERCIAL ANDINA S.A.',
            direccion: 'Av. 9 de Octubre 1204, Guayaquil',
            email: 'bodega@andina.ec',
            motivo: 'Venta',
            factura: { numero: '001-001-000000123' },
            ruta: 'Quito - Guayaquil',
            items: [
              { codigo: 'TOR-001', cantidad: 100 },
              { descripcion: 'Pallets de madera', cantidad: 2 },
            ],
          },
        ],
      },
    ],
  },
);
type GuiaDirecta = Static<typeof GuiaDirecta>;

/** The company's products by their main code (any case, as the catalogue's unique index compares them). */
async function productosPorCodigo(db: Db, empresa: number, destinatarios: Destinatario[]) {
  const codigos = [
    ...new Set(destinatarios.flatMap((d) => d.items.flatMap((b) => (b.codigo?.trim() ? [b.codigo.trim().toLowerCase()] : [])))),
  ];
  if (!codigos.length)
    return new Map<string, { CAT_CODIGO: number; CAT_PRINCIPAL: string; CAT_AUXILIAR: string | null; CAT_DESCRIPCION: string }>();
  const filas = await db
    .select({
      CAT_CODIGO: catalogo.CAT_CODIGO,
      CAT_PRINCIPAL: catalogo.CAT_PRINCIPAL,
      CAT_AUXILIAR: catalogo.CAT_AUXILIAR,
      CAT_DESCRIPCION: catalogo.CAT_DESCRIPCION,
    })
    .from(catalogo)
    .where(and(eq(catalogo.EMP_CODIGO, empresa), inArray(sql`lower(${catalogo.CAT_PRINCIPAL})`, codigos)));
  return new Map(filas.map((f) => [f.CAT_PRINCIPAL.toLowerCase(), f]));
}

/** The emission point's establishment's address: the departure when the body gives none. */
async function direccionDelPunto(db: Db, punto: number) {
  const [fila] = await db
    .select({ direccion: establecimientos.EST_DIRECCION })
    .from(puntosEmision)
    .innerJoin(establecimientos, eq(establecimientos.EST_CODIGO, puntosEmision.EST_CODIGO))
    .where(eq(puntosEmision.PEM_CODIGO, punto));
  return fila?.direccion ?? '';
}

/**
 * The destinatarios as the form sends them, each cited invoice by its number or access key (one the session sees); 400
 * for an invoice it has not, a product code the company has not or a good without description.
 */
async function destinatariosDe(db: Db, actor: CompanyActor, destinatarios: Destinatario[]): Promise<GuiaDestinatarioBorrador[]> {
  const empresa = actor.empresa;
  const alcance = clientScopeValues(actor);
  const sustentos: Array<number | null> = [];
  for (const d of destinatarios) sustentos.push(d.factura ? await facturaCitada(db, alcance, d.factura) : null);
  const productos = await productosPorCodigo(db, empresa, destinatarios);
  return destinatarios.map((d, i) => ({
    GDE_IDENTIFICACION: d.identificacion,
    GDE_RAZON_SOCIAL: d.razonSocial,
    GDE_DIRECCION: d.direccion,
    GDE_CORREOS: correosDirectos(d.email) ?? [],
    GDE_MOTIVO: d.motivo,
    GDE_DOC_ADUANERO: d.docAduanero ?? null,
    GDE_ESTAB_DESTINO: d.codEstabDestino ?? null,
    GDE_RUTA: d.ruta ?? null,
    GDE_SUSTENTO: sustentos[i],
    detalles: d.items.map((b, j) => {
      const codigo = b.codigo?.trim();
      const producto = codigo ? productos.get(codigo.toLowerCase()) : undefined;
      if (codigo && !producto) throw new HttpError(400, enDestinatario(i + 1, EMISION_MSG.productoDesconocido(codigo, j + 1)));
      const descripcion = b.descripcion?.trim() || producto?.CAT_DESCRIPCION;
      if (!descripcion) throw new HttpError(400, enDestinatario(i + 1, EMISION_MSG.lineaSinDescripcion(j + 1)));
      return {
        CAT_CODIGO: producto?.CAT_CODIGO ?? null,
        GDT_CODIGO_INTERNO: producto?.CAT_PRINCIPAL ?? null,
        GDT_CODIGO_ADICIONAL: producto?.CAT_AUXILIAR ?? null,
        GDT_DESCRIPCION: descripcion,
        GDT_CANTIDAD: b.cantidad,
      };
    }),
  }));
}

async function guardar(db: Db, actor: CompanyActor, cuerpo: GuiaDirecta) {
  const empresa = actor.empresa;
  const PEM_CODIGO = await puntoDeSerie(db, empresa, cuerpo.serie);
  const destinatarios = await destinatariosDe(db, actor, cuerpo.destinatarios);
  const existente = await transportistaExistente(db, empresa, cuerpo.transportista);
  const borrador = {
    PEM_CODIGO,
    FAC_FECHA: cuerpo.fechaEmision ?? hoyEcuador(),
    GUI_DIR_PARTIDA: cuerpo.dirPartida ?? (await direccionDelPunto(db, PEM_CODIGO)),
    GUI_FECHA_INICIO: cuerpo.fechaInicioTransporte,
    GUI_FECHA_FIN: cuerpo.fechaFinTransporte,
    GUI_PLACA: cuerpo.transportista.placa ?? existente?.TRA_PLACA ?? '',
    destinatarios,
    FAC_ADICIONAL: cuerpo.camposAdicionales,
  };
  // The guía's own rules before the carrier is written: a body the form would refuse leaves nothing behind.
  const errores = reglasBorrador(borrador);
  if (existente && !existente.TRA_ACTIVO) errores.unshift({ campo: 'transportista', mensaje: GUIAS_MSG.transportistaInactivo });
  if (errores.length) throw new ComprobanteRechazado(errores);

  const receptor = await transportistaPorIdentificacion(db, empresa, cuerpo.transportista);
  return borradorConReceptor(
    receptor,
    () => olvidarTransportista(db, empresa, receptor.id),
    () => crearGuia(db, actor, { ...borrador, TRA_CODIGO: receptor.id } satisfies GuiaRemisionBorrador),
  );
}

export const emisionGuia: ModuloEmisionDirecta<GuiaDirecta> = {
  tipo: tipoGuia,
  tags: ['Guías de remisión'],
  roles: ROLES_PERMITIDOS.guiasRemision.emitir,
  cuerpo: GuiaDirecta,
  descripcion:
    'El transportista va por su identificación y se crea si es nuevo (con su razón social y la placa) o se actualiza con los datos enviados; la placa por defecto es la suya y el punto de partida la dirección del establecimiento. Cada destinatario puede citar la factura autorizada que sustenta el traslado (por número o clave de acceso) y lleva sus bienes por el código de un producto de la empresa o como texto libre.',
  alcance: (actor) => ({ empresa: actor.empresa }),
  guardar,
  eliminar: (db, { empresa }, id) => eliminarGuia(db, empresa, id),
  olvidar: olvidarTransportista,
};
