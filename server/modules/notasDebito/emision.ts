/**
 * The nota de débito in one call (POST /api/notasDebito/emision): the AUTORIZADA invoice it modifies by number or
 * access key, the reasons it charges (razón and valor, at the note's IVA unless a reason gives its own) and the
 * payments (by default one 01 of the total). The recipient is always the invoice's buyer. The note is saved through
 * the drafts' own service (crearNotaDebito), so every rule and message is the form's.
 */
import { Type, type Static } from 'typebox';
import type { Db } from '../../infra/db/client';
import type { CompanyActor } from '../../core/actor';
import { ROLES_PERMITIDOS } from '../../../domain/roles';
import { calcularNotaDebito } from '../../../domain/notasDebito';
import { MotivoDebitoBorrador } from '../../../domain/contratos/notasDebito';
import { CamposDirectos, DocumentoCitado, PagoDirecto } from '../../../domain/contratos/emision';
import { eliminarNota, NOTA_DEBITO, pagosDirectos, puntoDeSerie, type ModuloEmisionDirecta } from '../comprobantes';
import { clientScopeValues } from '../clientes';
import { facturaCitada } from '../facturas';
import { crearNotaDebito } from './borradores';
import { tipoNotaDebito } from './tipo';

const { razon, valor } = MotivoDebitoBorrador.properties;

const NotaDebitoDirecta = Type.Object(
  {
    ...CamposDirectos,
    factura: DocumentoCitado,
    motivos: Type.Array(
      Type.Object({
        razon,
        valor,
        iva: Type.Optional(
          Type.String({ maxLength: 2, description: 'codigoPorcentaje del IVA de este motivo; por defecto, el de la nota' }),
        ),
      }),
      { minItems: 1, maxItems: 100, errorMessage: 'La nota admite de 1 a 100 motivos' },
    ),
    iva: Type.String({
      maxLength: 2,
      description: 'codigoPorcentaje del IVA de los motivos (0 0 %, 4 15 %, 5 5 %, 6 no objeto, 7 exento...)',
    }),
    pagos: Type.Optional(
      Type.Array(PagoDirecto, {
        minItems: 1,
        maxItems: 20,
        errorMessage: 'La nota admite de 1 a 20 formas de pago',
        description: 'Deben sumar el total; por defecto, una forma 01 (sin sistema financiero) por el total',
      }),
    ),
  },
  {
    examples: [
      {
        serie: '001-001',
        fechaEmision: '2026-03-09',
        factura: { claveAcceso: '0203202601179001234500110010010000001231234567816' },
        motivos: [
          { razon: 'Interés por mora (30 días)', valor: '12.00' },
          { razon: 'Gastos de cobranza', valor: '5.00' },
        ],
        iva: '4',
        pagos: [{ formaPago: '20', total: '19.55', plazo: 30, unidadTiempo: 'dias' }],
        camposAdicionales: [{ nombre: 'Referencia', valor: 'Cobranza marzo' }],
      },
    ],
  },
);
type NotaDebitoDirecta = Static<typeof NotaDebitoDirecta>;

async function guardar(db: Db, actor: CompanyActor, cuerpo: NotaDebitoDirecta) {
  const alcance = clientScopeValues(actor);
  const PEM_CODIGO = await puntoDeSerie(db, alcance.empresa, cuerpo.serie);
  const FAC_MODIFICA = await facturaCitada(db, alcance, cuerpo.factura);
  const motivos = cuerpo.motivos.map((m) => ({ razon: m.razon, valor: m.valor, iva: m.iva ?? cuerpo.iva }));
  const pagos = pagosDirectos(cuerpo.pagos, calcularNotaDebito(motivos).valorTotal);
  const nota = await crearNotaDebito(db, actor, {
    FAC_MODIFICA,
    PEM_CODIGO,
    FAC_FECHA: cuerpo.fechaEmision,
    motivos,
    pagos,
    FAC_ADICIONAL: cuerpo.camposAdicionales,
  });
  return { id: nota.FAC_CODIGO, receptor: { id: nota.CLI_CODIGO, creado: false } };
}

export const emisionNotaDebito: ModuloEmisionDirecta<NotaDebitoDirecta> = {
  tipo: tipoNotaDebito,
  tags: ['Notas de débito'],
  roles: ROLES_PERMITIDOS.notasDebito.emitir,
  cuerpo: NotaDebitoDirecta,
  descripcion:
    'La factura que modifica va por su número o su clave de acceso (autorizada, de la empresa); el receptor es su comprador. Cada motivo lleva su razón y su valor, con el IVA de la nota salvo que dé el suyo; sin pagos, uno 01 por el total. El servidor calcula la nota como el formulario.',
  alcance: clientScopeValues,
  guardar,
  eliminar: (db, alcance, id) => eliminarNota(db, { codDoc: NOTA_DEBITO, tipo: tipoNotaDebito }, alcance, id),
};
