import { Type } from '@fastify/type-provider-typebox';
import type { ModuleRoutes } from '../../core/context';
import { sendFile } from '../../core/download';
import { HttpError } from '../../core/errors';
import { Archivo, errorResponses, IdParam } from '../../core/schemas';
import { ListQuery, sendPage } from '../../core/list';
import { MSG } from '../../../domain/messages';
import { PERFIL } from '../../../domain/perfiles';
import { ESTADO_COMPROBACION, ESTADOS_COMPROBACION } from '../../../domain/empresas';
import { companyScope, distributorOf } from '../../core/companies';
import { recordHistory } from '../../core/company-history';
import { actorOf } from '../../core/actor';
import {
  Distribuidor,
  EmpresaFila,
  LoteBody,
  LoteResultado,
  NombreBody,
  PAGINA_EMPRESAS,
  PaginacionEmpresas,
  PaginacionQuery,
  ResumenEmpresas,
  TerminoParam,
} from './list-contract';
import {
  companyBatches,
  companyCounts,
  isDistributorAccount,
  listCompanies,
  listDistributors,
  lockCompanies,
  searchCompanies,
  updateCompanies,
  withFilter,
} from './list-repo';
import { COLUMNAS_EMPRESAS } from './export';
import { EXPORT_BATCH, exportFile } from '../../core/export';
import { ExportarQuery } from '../../../domain/contratos/lista';

const tags = ['Empresas (administración)'];
const SEARCH_LIMIT = 20;
const FILTERS =
  'Filtros (filter, JSON): q (hasta 13 dígitos: inicio del RUC; otro texto: parte del RUC, la razón social o el nombre comercial, sin distinguir mayúsculas ni tildes), EMP_COMPROBACION (PENDIENTE, VERIFICADA, RECHAZADA, o una lista), EMP_ACTIVO (true/false), EMP_DISTRIBUIDOR (código; para un distribuidor no amplía lo que ve), plan y firma (vigente, por_vencer: vence en 30 días o menos, vencido, sin; según la fecha de hoy en Ecuador), id (lista). Orden (sort): EMP_CODIGO, EMP_RUC, EMP_NOMBREC, EMP_NOMBRE, EMP_FECHAREGISTRO, EMP_PLAN_CADUCA, EMP_FIRMA_CADUCA, EMP_COMPROBACION, EMP_ACTIVO (por defecto EMP_CODIGO DESC).';

/**
 * The company list of the back office, its searches, summary, export and bulk actions. An administrator sees every
 * company; a distributor only those assigned to it (companyScope), so another's company is never found.
 */
const companyListRoutes: ModuleRoutes = (app, { db, guards }) => {
  app.get(
    '/empresas',
    {
      onRequest: guards.admin,
      schema: {
        tags,
        summary: 'Lista paginada de empresas (ra-data-simple-rest: range, sort, filter; total en Content-Range)',
        description: `${FILTERS} Pasadas 10 000 empresas el total es una estimación y la cabecera X-Total-Estimado vale 1.`,
        querystring: ListQuery,
        response: { 200: Type.Array(EmpresaFila), ...errorResponses },
      },
    },
    async (request, reply) => sendPage(reply, await listCompanies(db, request.query, companyScope(request.admin!))),
  );

  app.get(
    '/empresas/empresasPaginacion/:id',
    {
      onRequest: guards.admin,
      schema: {
        tags,
        summary: `Página de ${PAGINA_EMPRESAS} empresas visibles para el usuario de administración {id}`,
        description: `{id} es el ADM_CODIGO de quien llama (otro responde 403). page empieza en 1; cada página tiene ${PAGINA_EMPRESAS} empresas, las más recientes primero. Un administrador ve todas las empresas; un distribuidor, solo las asignadas a él. filtro=true devuelve solo las empresas que esperan verificación (EMP_COMPROBACION = PENDIENTE: registradas por sí mismas, con el comprobante de pago sin revisar); filtro=false (por defecto), todas. Respuesta: empresas, total (estimado pasado 10 000: totalEstimado), pagina, paginas, porPagina.`,
        params: IdParam('id'),
        querystring: PaginacionQuery,
        response: { 200: PaginacionEmpresas, ...errorResponses },
      },
    },
    async (request) => {
      if (request.params.id !== request.admin!.admin) throw new HttpError(403, MSG.forbidden);
      const { page, filtro } = request.query;
      const from = (page - 1) * PAGINA_EMPRESAS;
      const result = await listCompanies(
        db,
        {
          range: JSON.stringify([from, from + PAGINA_EMPRESAS - 1]),
          filter: JSON.stringify(filtro ? { EMP_COMPROBACION: ESTADO_COMPROBACION.pendiente } : {}),
        },
        companyScope(request.admin!),
      );
      return {
        empresas: result.rows,
        total: result.total,
        totalEstimado: Boolean(result.estimated),
        pagina: page,
        paginas: Math.ceil(result.total / PAGINA_EMPRESAS),
        porPagina: PAGINA_EMPRESAS,
      };
    },
  );

  app.get(
    '/empresas/buscarEmpresa/:term',
    {
      onRequest: guards.admin,
      schema: {
        tags,
        summary: `Busca empresas por inicio del RUC, razón social o nombre comercial (hasta ${SEARCH_LIMIT}, las más recientes primero)`,
        description: 'Sin distinguir mayúsculas ni tildes ("jose" encuentra "JOSÉ"). Un distribuidor solo encuentra sus empresas.',
        params: TerminoParam,
        response: { 200: Type.Array(EmpresaFila), ...errorResponses },
      },
    },
    async (request) => {
      const term = request.params.term.trim();
      if (!term) throw new HttpError(400, MSG.required('term'));
      return searchCompanies(db, term, SEARCH_LIMIT, companyScope(request.admin!));
    },
  );

  app.post(
    '/empresas/nombre',
    {
      onRequest: guards.admin,
      schema: {
        tags,
        summary: 'Busca empresas por RUC o nombre (cuerpo { nombre }) con los filtros, orden y rango de la lista en la consulta',
        description: `Las mismas filas y cabeceras que GET empresas con el filtro q = nombre. ${FILTERS}`,
        querystring: ListQuery,
        body: NombreBody,
        response: { 200: Type.Array(EmpresaFila), ...errorResponses },
      },
    },
    async (request, reply) => {
      const nombre = request.body.nombre.trim();
      if (!nombre) throw new HttpError(400, MSG.required('nombre'));
      return sendPage(reply, await listCompanies(db, withFilter(request.query, { q: nombre }), companyScope(request.admin!)));
    },
  );

  app.get(
    '/empresas/resumen',
    {
      onRequest: guards.admin,
      schema: {
        tags,
        summary: 'Cantidad de empresas por estado de verificación, activas y suspendidas',
        description: 'De contadores que mantiene la base de datos (no cuenta la tabla); para un distribuidor, solo sus empresas.',
        response: { 200: ResumenEmpresas, ...errorResponses },
      },
    },
    async (request) => {
      const porComprobacion: Record<string, number> = Object.fromEntries(ESTADOS_COMPROBACION.map((s) => [s, 0]));
      let activas = 0;
      let suspendidas = 0;
      for (const row of await companyCounts(db, distributorOf(request.admin!))) {
        porComprobacion[row.comprobacion] = (porComprobacion[row.comprobacion] ?? 0) + row.total;
        if (row.activo) activas += row.total;
        else suspendidas += row.total;
      }
      return { total: activas + suspendidas, activas, suspendidas, porComprobacion };
    },
  );

  app.get(
    '/empresas/distribuidores',
    {
      onRequest: guards.requireProfile(PERFIL.administrador),
      schema: {
        tags,
        summary: 'Usuarios de administración con perfil distribuidor (para filtrar y asignar empresas; solo administradores)',
        response: { 200: Type.Array(Distribuidor), ...errorResponses },
      },
    },
    () => listDistributors(db),
  );

  app.get(
    '/empresas/exportar',
    {
      onRequest: guards.admin,
      schema: {
        tags,
        summary: 'Descarga toda la lista filtrada de empresas (no solo una página) en CSV o Excel',
        description: `formato: csv (UTF-8 con BOM, separado por comas) o xlsx. filter y sort como en GET empresas. El archivo se genera por lotes de ${EXPORT_BATCH} filas mientras se descarga; columnas: RUC, Razón social, Nombre comercial, Correo, Teléfono, Verificación, Activa, Distribuidor, Plan vence, Firma vence, Registro. Token en la cabecera x-token. ${FILTERS}`,
        querystring: ExportarQuery,
        response: { 200: Archivo, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { formato, filter, sort } = request.query;
      const batches = await companyBatches(db, { filter, sort }, companyScope(request.admin!), EXPORT_BATCH);
      return sendFile(
        reply,
        exportFile(formato, { nombre: 'empresas', hoja: 'Empresas', columnas: COLUMNAS_EMPRESAS, batches }, request.log),
      );
    },
  );

  app.put(
    '/empresas/lote',
    {
      onRequest: guards.admin,
      schema: {
        tags,
        summary: 'Acción sobre varias empresas: activar, suspender o asignar distribuidor',
        description: `Cuerpo: ids (1 a 500 EMP_CODIGO), accion (activar, suspender, distribuidor) y, para distribuidor, distribuidor (ADM_CODIGO de un usuario con perfil distribuidor, o null para quitarlo; solo administradores: un distribuidor recibe 403). Todo o nada: si algún id no existe o no es de quien llama, responde 404 y no cambia ninguna. Cada empresa cambiada deja una entrada en su historial. Responde cuántas cambiaron (las que ya estaban así no cuentan).`,
        body: LoteBody,
        response: { 200: LoteResultado, ...errorResponses },
      },
    },
    async (request) => {
      const { accion } = request.body;
      const ids = [...new Set(request.body.ids)];
      if (accion === 'distribuidor') {
        if (request.admin!.perfil !== PERFIL.administrador) throw new HttpError(403, MSG.forbidden);
        if (request.body.distribuidor === undefined) throw new HttpError(400, MSG.required('distribuidor'));
      }
      const distribuidor = request.body.distribuidor ?? null;
      const cambiadas = await db.transaction(async (tx) => {
        const found = await lockCompanies(tx, ids, companyScope(request.admin!));
        if (found.length !== ids.length) throw new HttpError(404, MSG.notFound);
        if (accion === 'distribuidor') {
          if (distribuidor !== null && !(await isDistributorAccount(tx, distribuidor)))
            throw new HttpError(400, 'El distribuidor elegido no existe');
          const changed = found.filter((c) => c.EMP_DISTRIBUIDOR !== distribuidor);
          await updateCompanies(
            tx,
            changed.map((c) => c.EMP_CODIGO),
            { EMP_DISTRIBUIDOR: distribuidor },
          );
          for (const c of changed) {
            await recordHistory(tx, actorOf(request), {
              empresa: c.EMP_CODIGO,
              accion: 'distribuidor',
              descripcion: distribuidor === null ? 'Distribuidor quitado (acción en lote)' : 'Distribuidor asignado (acción en lote)',
              antes: { EMP_DISTRIBUIDOR: c.EMP_DISTRIBUIDOR },
              despues: { EMP_DISTRIBUIDOR: distribuidor },
            });
          }
          return changed.length;
        }
        const activo = accion === 'activar';
        const changed = found.filter((c) => c.EMP_ACTIVO !== activo);
        await updateCompanies(
          tx,
          changed.map((c) => c.EMP_CODIGO),
          { EMP_ACTIVO: activo },
        );
        for (const c of changed) {
          await recordHistory(tx, actorOf(request), {
            empresa: c.EMP_CODIGO,
            accion: 'estado',
            descripcion: activo ? 'Empresa activada (acción en lote)' : 'Empresa suspendida (acción en lote)',
            antes: { EMP_ACTIVO: c.EMP_ACTIVO },
            despues: { EMP_ACTIVO: activo },
          });
        }
        return changed.length;
      });
      const msg = cambiadas === 1 ? '1 empresa actualizada' : `${cambiadas} empresas actualizadas`;
      return { cambiadas, msg };
    },
  );
};

export default companyListRoutes;
