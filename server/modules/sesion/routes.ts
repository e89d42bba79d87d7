import { Type } from '@fastify/type-provider-typebox';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { RouteArea } from '../../core/context';
import { HttpError } from '../../core/errors';
import { MSG } from '../../../src/domain/messages';
import { DEACTIVATED_CODE, UPLOAD_MAX_BYTES } from '../../../src/domain/constants';
import { administradores, empresas, ingresosDistribuidor, menus, menusEmpresa, pagosRegistro, planesEmpresa, usuarios } from '../../infra/db/schema';
import { hashPassword, randomPassword, verifyPassword } from '../../infra/passwords';
import { TOKEN_LIFETIMES } from '../../infra/tokens';
import { CompanySession, Email, errorResponses, MenuItem, Msg, NewPassword, Ruc13, text } from '../../core/schemas';
import { companyMenu } from '../menus/routes';

const AdminSession = Type.Object({
  ADM_CODIGO: Type.Integer(),
  ADM_USUARIO: Type.String(),
  ADM_NOMBRE: Type.String(),
  PRF_CODIGO: Type.Integer(),
  DRB_CONTADOR: Type.Integer(),
  token: Type.String(),
  expira: Type.String(),
});

const tag = { tags: ['Sesión'] };

const sessionRoutes: RouteArea = (app, ctx) => {
  const { db, limiter, tokens, config } = ctx;
  const limits = config.rateLimit;

  /** Per-IP counting on every try; per-account counting only on failures, cleared on success. */
  const throttle = (area: string, ip: string, account: string) => {
    limiter.hit(`${area}:ip:${ip}`, limits.maxPerIp);
    limiter.check(`${area}:cuenta:${account}`, limits.maxPerAccount);
    return {
      failed: () => limiter.hit(`${area}:cuenta:${account}`, limits.maxPerAccount + 1),
      succeeded: () => limiter.reset(`${area}:cuenta:${account}`),
    };
  };

  async function companySession(user: { USU_CODIGO: number; USU_USUARIO: string; USU_NOMBRE: string | null; USU_ACTIVO: boolean; COM_CODIGO: number; EMP_RUC: string; EMP_NOMBREC: string }, seconds: number, distributor?: { id: number; usuario: string }) {
    const { token, expira } = await tokens.sign(
      { kind: 'empresa', usuario: user.USU_CODIGO, empresa: user.COM_CODIGO, ...(distributor ? { distribuidor: distributor.id } : {}) },
      seconds,
    );
    return { ...user, eid: user.USU_CODIGO, token, expira, ...(distributor ? { distribuidor: distributor.usuario } : {}) };
  }

  const companyUserColumns = {
    USU_CODIGO: usuarios.USU_CODIGO, USU_USUARIO: usuarios.USU_USUARIO, USU_NOMBRE: usuarios.USU_NOMBRE,
    USU_ACTIVO: usuarios.USU_ACTIVO, USU_CLAVE: usuarios.USU_CLAVE, USU_CORREO: usuarios.USU_CORREO,
    COM_CODIGO: usuarios.COM_CODIGO, EMP_RUC: empresas.EMP_RUC, EMP_NOMBREC: empresas.EMP_NOMBREC,
    EMP_ACTIVO: empresas.EMP_ACTIVO, EMP_CORREO: empresas.EMP_CORREO,
  };

  app.post('/login', {
    schema: {
      ...tag, summary: 'Inicio de sesión de un usuario de empresa',
      body: Type.Object({ ruc: text(13), usuario: text(60), clave: text(200), recordar: Type.Optional(Type.Boolean()) }),
      response: { 200: Type.Object({ usuario: CompanySession }), ...errorResponses },
    },
  }, async (request) => {
    const { ruc, usuario, clave, recordar } = request.body;
    const attempt = throttle('login', request.ip, `${ruc}/${usuario}`);
    const [user] = await db.select(companyUserColumns).from(usuarios)
      .innerJoin(empresas, eq(empresas.EMP_CODIGO, usuarios.COM_CODIGO))
      .where(and(eq(empresas.EMP_RUC, ruc), eq(usuarios.USU_USUARIO, usuario)));
    if (!(await verifyPassword(user?.USU_CLAVE, clave))) {
      attempt.failed();
      throw new HttpError(401, MSG.companyLoginFailed);
    }
    attempt.succeeded();
    if (!user.USU_ACTIVO || !user.EMP_ACTIVO) throw new HttpError(403, MSG.deactivatedTitle, DEACTIVATED_CODE);
    return { usuario: await companySession(user, recordar ? TOKEN_LIFETIMES.empresaRecordar : TOKEN_LIFETIMES.empresa) };
  });

  app.post('/loginAdmin', {
    schema: {
      ...tag, summary: 'Inicio de sesión de un administrador o distribuidor',
      body: Type.Object({ usuario: text(60), clave: text(200), recordar: Type.Optional(Type.Boolean()) }),
      response: { 200: Type.Object({ usuario: AdminSession }), ...errorResponses },
    },
  }, async (request) => {
    const { usuario, clave, recordar } = request.body;
    const attempt = throttle('loginAdmin', request.ip, usuario);
    const [admin] = await db.select().from(administradores).where(eq(administradores.ADM_USUARIO, usuario));
    if (!(await verifyPassword(admin?.ADM_CLAVE, clave))) {
      attempt.failed();
      throw new HttpError(401, MSG.adminLoginFailed);
    }
    attempt.succeeded();
    if (!admin.ADM_ACTIVO) throw new HttpError(403, MSG.deactivatedTitle, DEACTIVATED_CODE);
    const { token, expira } = await tokens.sign(
      { kind: 'admin', admin: admin.ADM_CODIGO, perfil: admin.PRF_CODIGO },
      recordar ? TOKEN_LIFETIMES.adminRecordar : TOKEN_LIFETIMES.admin,
    );
    const { ADM_CODIGO, ADM_USUARIO, ADM_NOMBRE, PRF_CODIGO, DRB_CONTADOR } = admin;
    return { usuario: { ADM_CODIGO, ADM_USUARIO, ADM_NOMBRE, PRF_CODIGO, DRB_CONTADOR, token, expira } };
  });

  app.post('/loginDistribuidor', {
    preValidation: ctx.guards.admin,
    schema: {
      ...tag, summary: 'Un distribuidor ingresa a la facturación de una de sus empresas',
      description: 'Requiere el token de un distribuidor (PRF_CODIGO 2, DRB_CONTADOR 1). Sin usuario entra como el primer usuario activo de la empresa; con clave, la verifica. Cada ingreso queda registrado.',
      headers: Type.Object({ 'x-token': Type.Optional(Type.String()) }), // optional here: a missing token is the guard's 401, not a 400
      body: Type.Object({ ruc: Ruc13, usuario: Type.Optional(Type.String({ maxLength: 60 })), clave: Type.Optional(Type.String({ maxLength: 200 })) }),
      response: { 200: Type.Object({ usuario: CompanySession }), ...errorResponses },
    },
  }, async (request) => {
    const admin = request.admin!;
    if (!admin.distribuidor) throw new HttpError(403, MSG.notDistributor);
    const { ruc, usuario, clave } = request.body;
    const [company] = await db.select().from(empresas)
      .where(and(eq(empresas.EMP_RUC, ruc), eq(empresas.EMP_DISTRIBUIDOR, admin.admin), eq(empresas.EMP_ACTIVO, true)));
    if (!company) throw new HttpError(404, MSG.distributorCompanyNotFound);
    const [user] = await db.select(companyUserColumns).from(usuarios)
      .innerJoin(empresas, eq(empresas.EMP_CODIGO, usuarios.COM_CODIGO))
      .where(and(eq(usuarios.COM_CODIGO, company.EMP_CODIGO), eq(usuarios.USU_ACTIVO, true),
        usuario ? eq(usuarios.USU_USUARIO, usuario) : undefined))
      .orderBy(asc(usuarios.USU_CODIGO)).limit(1);
    if (!user) throw new HttpError(404, MSG.distributorUserNotFound);
    if (clave && !(await verifyPassword(user.USU_CLAVE, clave))) throw new HttpError(401, MSG.distributorWrongPassword);
    const [adminRow] = await db.select({ usuario: administradores.ADM_USUARIO }).from(administradores).where(eq(administradores.ADM_CODIGO, admin.admin));
    await db.insert(ingresosDistribuidor).values({ ADM_CODIGO: admin.admin, EMP_CODIGO: company.EMP_CODIGO, USU_CODIGO: user.USU_CODIGO, ING_IP: request.ip });
    request.log.info({ admin: admin.admin, empresa: company.EMP_CODIGO }, 'distribuidor ingresó como empresa');
    return { usuario: await companySession(user, TOKEN_LIFETIMES.distribuidor, { id: admin.admin, usuario: adminRow.usuario }) };
  });

  app.get('/comprobarfirmaPlan/:empresa/:eid', {
    preValidation: ctx.guards.company,
    schema: {
      ...tag, summary: 'Avisos de plan y firma electrónica de la empresa al iniciar sesión',
      params: Type.Object({ empresa: Type.Integer({ minimum: 1, maximum: 2147483647 }), eid: Type.Integer({ minimum: 1, maximum: 2147483647 }) }),
      response: { 200: Type.Object({ activar: Type.Boolean(), mensaje: Type.String() }), ...errorResponses },
    },
  }, async (request) => {
    const session = request.company!;
    const { empresa, eid } = request.params;
    if (empresa !== session.empresa || eid !== session.usuario) throw new HttpError(404, MSG.notFound);
    const [company] = await db.select({ firma: empresas.EMP_FIRMA }).from(empresas).where(eq(empresas.EMP_CODIGO, empresa));
    const [plan] = await db.select({ caduca: planesEmpresa.PLANEMPRESA_CADUCA }).from(planesEmpresa)
      .where(eq(planesEmpresa.EMP_CODIGO, empresa)).orderBy(desc(planesEmpresa.PLANEMPRESA_CADUCA)).limit(1);
    return planAndSignatureNotice(plan?.caduca, company?.firma ?? null, new Date());
  });

  app.post('/registro', {
    schema: {
      ...tag, summary: 'Registro de una empresa y su primer usuario',
      body: Type.Object({
        EMP_RUC: Ruc13,
        EMP_NOMBREC: text(200),
        EMP_NOMBRE: text(200),
        email: Email,
        usuario: text(60, { pattern: '^\\S+$', errorMessage: 'El usuario no puede tener espacios' }),
        clave: NewPassword,
        terminos: Type.Literal(true, { errorMessage: MSG.termsRequired }),
      }),
      response: {
        201: Type.Object({ EMP_CODIGO: Type.Integer(), EMP_RUC: Type.String(), msg: Type.String(), tokenPago: Type.String({ description: 'Token de una hora para adjuntar el comprobante de pago (registro/pago)' }) }),
        ...errorResponses,
      },
    },
  }, async (request, reply) => {
    const body = request.body;
    limiter.hit(`registro:ip:${request.ip}`, limits.maxPerIp);
    const [taken] = await db.select({ id: empresas.EMP_CODIGO }).from(empresas).where(eq(empresas.EMP_RUC, body.EMP_RUC));
    if (taken) throw new HttpError(409, MSG.rucTaken(body.EMP_RUC));
    const hash = await hashPassword(body.clave);
    const empresa = await db.transaction(async (tx) => {
      const [created] = await tx.insert(empresas).values({
        EMP_RUC: body.EMP_RUC, EMP_NOMBREC: body.EMP_NOMBREC.trim(), EMP_NOMBRE: body.EMP_NOMBRE.trim(), EMP_CORREO: body.email.trim(),
      }).onConflictDoNothing().returning({ EMP_CODIGO: empresas.EMP_CODIGO });
      if (!created) throw new HttpError(409, MSG.rucTaken(body.EMP_RUC));
      await tx.insert(usuarios).values({ COM_CODIGO: created.EMP_CODIGO, USU_USUARIO: body.usuario, USU_CLAVE: hash, USU_CORREO: body.email.trim(), USU_NOMBRE: body.usuario });
      const defaults = await tx.select({ MEN_CODIGO: menus.MEN_CODIGO }).from(menus).where(eq(menus.MEN_AREA, 'empresa'));
      if (defaults.length) await tx.insert(menusEmpresa).values(defaults.map((m) => ({ EMP_CODIGO: created.EMP_CODIGO, MEN_CODIGO: m.MEN_CODIGO })));
      return created;
    });
    const { token } = await tokens.sign({ kind: 'registro', empresa: empresa.EMP_CODIGO }, TOKEN_LIFETIMES.registro);
    return reply.status(201).send({
      EMP_CODIGO: empresa.EMP_CODIGO, EMP_RUC: body.EMP_RUC, tokenPago: token,
      msg: `La empresa ${body.EMP_NOMBREC.trim()} quedó registrada. Ya puede iniciar sesión con el usuario ${body.usuario}.`,
    });
  });

  app.post('/registro/pago/:empresa/:ruc/:referencia', {
    schema: {
      ...tag, summary: 'Adjunta el comprobante de pago de un registro (multipart, campo current)',
      description: `Requiere en x-token el tokenPago que devolvió registro. PDF, JPG o PNG de hasta ${UPLOAD_MAX_BYTES} bytes.`,
      consumes: ['multipart/form-data'],
      params: Type.Object({
        empresa: Type.Integer({ minimum: 1, maximum: 2147483647 }), ruc: Ruc13,
        referencia: Type.String({ minLength: 1, maxLength: 60, pattern: '^[A-Za-z0-9-]+$', errorMessage: 'La referencia de pago solo admite letras, números y guiones' }),
      }),
      response: { 201: Type.Object({ PAG_CODIGO: Type.Integer(), ARC_NOMBRE: Type.String(), ARC_TAMANO: Type.Integer(), msg: Type.String() }), ...errorResponses },
    },
  }, async (request, reply) => {
    const claims = await ctx.guards.scoped(request, 'registro');
    const { empresa, ruc, referencia } = request.params;
    const [company] = await db.select({ ruc: empresas.EMP_RUC }).from(empresas).where(eq(empresas.EMP_CODIGO, empresa));
    if (claims.empresa !== empresa || company?.ruc !== ruc) throw new HttpError(403, MSG.forbidden);
    const stored = await ctx.files.saveUpload(request, {
      kinds: ['pdf', 'jpg', 'png'], maxBytes: UPLOAD_MAX_BYTES, typeMessage: MSG.paymentFileType, sizeMessage: MSG.paymentFileSize,
    }, `empresa:${empresa}`);
    const [pago] = await db.insert(pagosRegistro).values({ EMP_CODIGO: empresa, PAG_REFERENCIA: referencia, ARC_ID: stored.ARC_ID }).returning();
    return reply.status(201).send({ PAG_CODIGO: pago.PAG_CODIGO, ARC_NOMBRE: stored.ARC_NOMBRE, ARC_TAMANO: stored.ARC_TAMANO, msg: 'Comprobante de pago recibido' });
  });

  app.post('/recuperar', {
    schema: {
      ...tag, summary: 'Envía una clave nueva al correo del usuario',
      body: Type.Object({ ruc: text(13), usuario: text(60) }),
      response: { 200: Msg, ...errorResponses },
    },
  }, async (request) => {
    const { ruc, usuario } = request.body;
    const attempt = throttle('recuperar', request.ip, `${ruc}/${usuario}`);
    const [user] = await db.select(companyUserColumns).from(usuarios)
      .innerJoin(empresas, eq(empresas.EMP_CODIGO, usuarios.COM_CODIGO))
      .where(and(eq(empresas.EMP_RUC, ruc), eq(usuarios.USU_USUARIO, usuario), eq(usuarios.USU_ACTIVO, true), eq(empresas.EMP_ACTIVO, true)));
    attempt.failed(); // every recovery counts: each one mails a new password
    if (!user) throw new HttpError(404, MSG.recoveryNotFound);
    const clave = randomPassword();
    const hash = await hashPassword(clave);
    // The new password only takes effect if the mail went out.
    await db.transaction(async (tx) => {
      await tx.update(usuarios).set({ USU_CLAVE: hash }).where(eq(usuarios.USU_CODIGO, user.USU_CODIGO));
      await ctx.mailer.send({
        to: user.USU_CORREO ?? user.EMP_CORREO,
        subject: 'Amelia: su nueva clave',
        text: `Hola ${user.USU_NOMBRE ?? user.USU_USUARIO}:\n\nRecibimos un pedido para recuperar el acceso de ${user.EMP_NOMBREC} (RUC ${user.EMP_RUC}).\n\nUsuario: ${user.USU_USUARIO}\nClave nueva: ${clave}\n\nInicie sesión y cámbiela cuanto antes. Si usted no lo pidió, avise a su administrador.\n`,
      });
    });
    return { msg: MSG.recoveryOk };
  });

  app.post('/menuEmpresa', {
    preValidation: ctx.guards.company,
    schema: {
      ...tag, summary: 'Menú de la aplicación de la empresa de la sesión',
      body: Type.Object({ ruc: text(13) }),
      response: { 200: Type.Array(MenuItem), ...errorResponses },
    },
  }, async (request) => {
    const [company] = await db.select({ ruc: empresas.EMP_RUC }).from(empresas).where(eq(empresas.EMP_CODIGO, request.company!.empresa));
    if (company?.ruc !== request.body.ruc) throw new HttpError(404, MSG.notFound);
    return companyMenu(db, request.company!.empresa);
  });
};

/** The warning shown after a company login: no plan, expired plan, or no electronic signature on file. */
export function planAndSignatureNotice(expiry: string | undefined, signature: string | null, today: Date) {
  const todayText = today.toISOString().slice(0, 10);
  if (!expiry) return { activar: true, mensaje: 'Su empresa no tiene un plan contratado. Contacte a su distribuidor para activar uno y emitir comprobantes.' };
  if (expiry < todayText) return { activar: true, mensaje: `Su plan caducó el ${expiry}. Renuévelo para seguir emitiendo comprobantes electrónicos.` };
  if (!signature) return { activar: true, mensaje: 'Su empresa no tiene una firma electrónica registrada. Súbala para poder autorizar comprobantes en el SRI.' };
  return { activar: false, mensaje: '' };
}

export default sessionRoutes;
