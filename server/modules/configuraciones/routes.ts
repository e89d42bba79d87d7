import { Type } from '@fastify/type-provider-typebox';
import { asc, eq } from 'drizzle-orm';
import type { RouteArea } from '../../core/context';
import { HttpError } from '../../core/errors';
import { MSG } from '../../../src/domain/messages';
import { configuraciones } from '../../infra/db/schema';
import { errorResponses } from '../../core/schemas';

// `nullable` rather than a union with Null: Fastify's Ajv coerces types, and in a union it turns a null sent to clear
// a value into '' (the string branch is tried first). A nullable string keeps null as null.
const value = Type.Unsafe<string | null>({ type: 'string', nullable: true, maxLength: 2000 });
const values = {
  CON_VALOR1: value, CON_VALOR2: value, CON_VALOR3: value, CON_VALOR4: value,
  CON_VALOR5: value, CON_VALOR6: value, CON_VALOR7: value, CON_VALOR8: value,
};
const Setting = Type.Object({ CON_CODIGO: Type.Integer(), CON_NOMBRE: Type.String(), ...values });
const tags = ['Configuraciones'];

const settingsRoutes: RouteArea = (app, ctx) => {
  const { db } = ctx;

  app.get('/', {
    schema: {
      tags, summary: 'Configuraciones globales (pública); el orden del arreglo es parte del contrato',
      response: { 200: Type.Array(Setting) },
    },
  }, () => db.select().from(configuraciones).orderBy(asc(configuraciones.CON_CODIGO)));

  app.get('/:id', {
    preValidation: ctx.guards.admin,
    // CON_CODIGO starts at 0 (the settings array is read by position), so 0 is a valid id here.
    schema: { tags, summary: 'Una configuración', params: Type.Object({ id: Type.Integer({ minimum: 0, maximum: 2147483647 }) }), response: { 200: Setting, ...errorResponses } },
  }, async (request) => {
    const [row] = await db.select().from(configuraciones).where(eq(configuraciones.CON_CODIGO, request.params.id));
    if (!row) throw new HttpError(404, MSG.settingNotFound);
    return row;
  });

  app.put('/actualizar', {
    preValidation: ctx.guards.admin,
    schema: {
      tags, summary: 'Actualiza los valores de una configuración',
      body: Type.Object({ CON_CODIGO: Type.Integer({ minimum: 0, maximum: 2147483647 }), CON_NOMBRE: Type.Optional(Type.String({ minLength: 1, maxLength: 120 })), ...Type.Partial(Type.Object(values)).properties }),
      response: { 200: Setting, ...errorResponses },
    },
  }, async (request) => {
    const { CON_CODIGO, ...changes } = request.body;
    const where = eq(configuraciones.CON_CODIGO, CON_CODIGO);
    const [row] = Object.keys(changes).length
      ? await db.update(configuraciones).set(changes).where(where).returning()
      : await db.select().from(configuraciones).where(where);
    if (!row) throw new HttpError(404, MSG.settingNotFound);
    return row;
  });
};

export default settingsRoutes;
