/**
 * The carrier a one-call guía de remisión names by identification (domain/contratos/emision.ts): the company's one with
 * that identification, updated with the fields the body gives, or a new one (razón social and plate required). The
 * guías read and write the carriers' table, never their module (docs/architecture.md, "Modules point one way"), so
 * this lives here with the checks the carriers' book applies (core/terceros-datos.ts and domain/transportistas.ts:
 * the identification and its 422 warning, the plate, emails, phones, 409 on a duplicate).
 */
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../infra/db/client';
import { transportistas } from '../infra/db/schema';
import { HttpError } from './errors';
import { blankToNull, correosTercero, identificacionRepetida, revisarIdentificacion, telefonosTercero } from './terceros-datos';
import { correosDirectos, telefonosDirectos, tipoDirecto } from './receptor-directo';
import { EMISION_MSG, type ReceptorDirecto } from '../../domain/contratos/emision';
import { identificacionProveedor } from '../../domain/proveedores';
import {
  checkPlaca,
  checkTransportistaIdentification,
  placaTransportista,
  TRANSPORTISTA_LIMITES,
  TRANSPORTISTA_MSG,
} from '../../domain/transportistas';

type TransportistaDirecto = ReceptorDirecto & { placa?: string };

/** The company's carrier with this identification (passports in capitals, as the book stores them), if any. */
export async function transportistaExistente(db: Executor, empresa: number, r: ReceptorDirecto) {
  const [fila] = await db
    .select({
      TRA_CODIGO: transportistas.TRA_CODIGO,
      TRA_TIPO_IDENTIFICACION: transportistas.TRA_TIPO_IDENTIFICACION,
      TRA_IDENTIFICACION: transportistas.TRA_IDENTIFICACION,
      TRA_PLACA: transportistas.TRA_PLACA,
      TRA_ACTIVO: transportistas.TRA_ACTIVO,
    })
    .from(transportistas)
    .where(
      and(
        eq(transportistas.EMP_CODIGO, empresa),
        eq(transportistas.TRA_IDENTIFICACION, identificacionProveedor(tipoDirecto(r), r.identificacion.trim())),
      ),
    );
  return fila;
}

const razonSocial = (texto: string) => {
  const limpia = texto.trim().replace(/\s+/g, ' ');
  if (!limpia) throw new HttpError(400, TRANSPORTISTA_MSG.razonSocialRequerida);
  return limpia;
};

const placa = (texto: string) => {
  const error = checkPlaca(texto);
  if (error) throw new HttpError(400, error);
  return placaTransportista(texto);
};

/** The contact fields the body gives, as the book stores them; a field left out is left out. */
function contacto(r: TransportistaDirecto) {
  const correos = correosDirectos(r.email);
  const telefonos = telefonosDirectos(r.telefono);
  const direccion = blankToNull(r.direccion);
  return {
    ...(correos !== undefined && { TRA_CORREOS: correosTercero(correos, TRANSPORTISTA_MSG, TRANSPORTISTA_LIMITES) }),
    ...(telefonos !== undefined && { TRA_TELEFONOS: telefonosTercero(telefonos, TRANSPORTISTA_MSG, TRANSPORTISTA_LIMITES) }),
    ...(direccion !== undefined && { TRA_DIRECCION: direccion }),
  };
}

const duplicado = identificacionRepetida(TRANSPORTISTA_MSG.identificacionRepetida);

export async function transportistaPorIdentificacion(
  db: Executor,
  empresa: number,
  r: TransportistaDirecto,
): Promise<{ id: number; creado: boolean }> {
  const antes = await transportistaExistente(db, empresa, r);
  if (antes) {
    const tipo = r.tipoIdentificacion ?? antes.TRA_TIPO_IDENTIFICACION;
    const actual = { tipo: antes.TRA_TIPO_IDENTIFICACION, identificacion: antes.TRA_IDENTIFICACION };
    revisarIdentificacion(
      checkTransportistaIdentification(tipo, antes.TRA_IDENTIFICACION),
      { ...actual, tipo },
      actual,
      r.aceptarAdvertencia,
    );
    const cambios = {
      ...contacto(r),
      ...(r.tipoIdentificacion && { TRA_TIPO_IDENTIFICACION: tipo }),
      ...(r.razonSocial !== undefined && { TRA_RAZON_SOCIAL: razonSocial(r.razonSocial) }),
      ...(r.placa !== undefined && { TRA_PLACA: placa(r.placa) }),
    };
    if (Object.keys(cambios).length)
      await db
        .update(transportistas)
        .set({ ...cambios, TRA_ACTUALIZADO: new Date() })
        .where(eq(transportistas.TRA_CODIGO, antes.TRA_CODIGO));
    return { id: antes.TRA_CODIGO, creado: false };
  }
  if (!r.razonSocial?.trim()) throw new HttpError(400, EMISION_MSG.receptorSinNombre('transportista'));
  const tipo = tipoDirecto(r);
  const identificacion = identificacionProveedor(tipo, r.identificacion.trim());
  revisarIdentificacion(checkTransportistaIdentification(tipo, identificacion), { tipo, identificacion }, undefined, r.aceptarAdvertencia);
  const [fila] = await db
    .insert(transportistas)
    .values({
      EMP_CODIGO: empresa,
      TRA_TIPO_IDENTIFICACION: tipo,
      TRA_IDENTIFICACION: identificacion,
      TRA_RAZON_SOCIAL: razonSocial(r.razonSocial),
      TRA_PLACA: placa(r.placa ?? ''),
      ...contacto(r),
    })
    .returning({ id: transportistas.TRA_CODIGO })
    .catch(duplicado);
  return { id: fila!.id, creado: true };
}

/** Undoes a carrier `transportistaPorIdentificacion` created for a guía that was then refused (no guía names it). */
export const olvidarTransportista = (db: Executor, empresa: number, id: number) =>
  db.delete(transportistas).where(and(eq(transportistas.TRA_CODIGO, id), eq(transportistas.EMP_CODIGO, empresa)));
