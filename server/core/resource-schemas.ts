import { Type, type TSchema } from '@fastify/type-provider-typebox';
import { errorResponses, IdParam } from './schemas';

/** What each route says of itself in the OpenAPI document. */
type Doc = { summary: string; description?: string };

const Id = IdParam('id');

/**
 * The schemas of a resource's standard routes, under its tag: the list (a page of records, its total in Content-Range),
 * one record by `id`, its creation (201), its change and its removal, each answering the record (or what the removal
 * did) or `{ msg }`. Each route still names its own summary, description, query and body; guards and permissions stay
 * on the route.
 */
export function resourceSchemas<R extends TSchema>(tags: string[], record: R) {
  const answer = <A extends TSchema>(schema: A) => ({ 200: schema, ...errorResponses });
  return {
    list: <Q extends TSchema>(doc: Doc, querystring: Q) => ({ tags, ...doc, querystring, response: answer(Type.Array(record)) }),
    one: (doc: Doc) => ({ tags, ...doc, params: Id, response: answer(record) }),
    create: <B extends TSchema>(doc: Doc, body: B) => ({ tags, ...doc, body, response: { 201: record, ...errorResponses } }),
    update: <B extends TSchema>(doc: Doc, body: B) => ({ tags, ...doc, params: Id, body, response: answer(record) }),
    remove: <D extends TSchema>(doc: Doc, result: D) => ({ tags, ...doc, params: Id, response: answer(result) }),
  };
}
