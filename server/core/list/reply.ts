import type { FastifyReply, onSendHookHandler } from 'fastify';
import { ESTIMATED_TOTAL_HEADER } from '../../../domain/listas';
import type { Page } from './spec';

/**
 * The Content-Range of each list reply, set by sendListRange once the body is compressed: @fastify/compress takes any
 * Content-Range for a byte range and leaves the body as it is, though lists are the largest JSON the API sends.
 */
const listRanges = new WeakMap<FastifyReply, string>();

/** The onSend hook that puts a list's Content-Range on its reply; it must run after the compression plugin's. */
export const sendListRange: onSendHookHandler = (_request, reply, payload, done) => {
  const range = listRanges.get(reply);
  if (range !== undefined) reply.header('Content-Range', range);
  done(null, payload);
};

/** Sends a page as ra-data-simple-rest reads it: the rows, and the total in Content-Range (see sendListRange). */
export function sendPage<T>(reply: FastifyReply, page: Page<T>): T[] {
  const end = page.rows.length ? page.offset + page.rows.length - 1 : page.offset;
  listRanges.set(reply, `${page.resource} ${page.offset}-${end}/${page.total}`);
  if (page.estimated) reply.header(ESTIMATED_TOTAL_HEADER, '1');
  reply.header('Access-Control-Expose-Headers', `Content-Range, ${ESTIMATED_TOTAL_HEADER}`);
  return page.rows;
}

/** Sends every row of a short list as one page (a company's users or payments, the active banks). */
export const sendAll = <T>(reply: FastifyReply, resource: string, rows: T[]): T[] =>
  sendPage(reply, { resource, rows, offset: 0, total: rows.length });
