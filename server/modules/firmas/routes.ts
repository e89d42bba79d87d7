import type { TSchema } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { ModuleRoutes } from '../../core/context';
import { HttpError } from '../../core/errors';
import { errorResponses } from '../../core/schemas';
import { readSmallForm } from '../../core/upload';
import { CertificateError, identifierMatches, readCertificate, type CertificateInfo } from '../../infra/certificates';
import { secretBoxFor } from '../../infra/secret-box';
import { findVisibleCompany } from '../../core/companies';
import { recordHistory } from '../../core/company-history';
import { actorOf } from '../../core/actor';
import { findCompany } from '../../core/companies';
import { diaEcuador } from '../../../domain/fechas';
import {
  CHECK_DESCRIPTION,
  EmpresaParam,
  FirmaComprobada,
  FirmaGuardada,
  FirmasEmpresa,
  UPLOAD_DESCRIPTION,
  type Firma,
  type FirmaComprobada as FirmaComprobadaType,
} from './contract';
import { companySignatures, signatureSummary, storeSignature, type Uploader } from './repo';
import { FIRMA_MSG, SIGNATURE_FILE } from '../../../domain/firmas';
import { ROLES_PERMITIDOS } from '../../../domain/roles';

/** The multipart form of a signature upload: the .p12 in `signfile`, its `password`, and an optional `ruc`. */
type SignatureForm = { p12: Buffer; filename: string; password: string; ruc?: string };

const PASSWORD_MAX = 200;

/** Reads the form; the password is only ever held here and handed to the certificate reader: never logged nor echoed. */
async function readSignatureForm(request: FastifyRequest): Promise<SignatureForm> {
  const { file, fields } = await readSmallForm(request, 'signfile', SIGNATURE_FILE, {
    fileRequired: FIRMA_MSG.fileRequired,
    malformed: FIRMA_MSG.malformed,
    fieldTooLong: (field) => (field === 'password' ? FIRMA_MSG.passwordTooLong : FIRMA_MSG.malformed),
  });
  const password = fields.get('password') ?? '';
  if (!password) throw new HttpError(400, FIRMA_MSG.passwordRequired);
  if (password.length > PASSWORD_MAX) throw new HttpError(400, FIRMA_MSG.passwordTooLong);
  if (!file || file.content.length === 0) throw new HttpError(400, FIRMA_MSG.fileRequired);
  const ruc = fields.get('ruc') || undefined;
  if (ruc !== undefined && !/^(\d{10}|\d{13})$/.test(ruc)) throw new HttpError(400, FIRMA_MSG.rucInvalid);
  return { p12: file.content, filename: file.filename, password, ruc };
}

/** Opens the signature; a refusal becomes a 400 with its Spanish reason. */
function openSignature(form: SignatureForm): CertificateInfo {
  try {
    return readCertificate(form.p12, form.password);
  } catch (error) {
    if (error instanceof CertificateError) throw new HttpError(400, error.message);
    throw error;
  }
}

/** What deserves a second look although the signature is valid: it seems to be someone else's. */
function warnings(certificate: CertificateInfo, ruc: string | undefined): string[] {
  if (!ruc) return [];
  if (!certificate.identificacion) return [FIRMA_MSG.noId];
  return identifierMatches(certificate.identificacion, ruc) ? [] : [FIRMA_MSG.idMismatch(certificate.identificacion, ruc)];
}

const describe = (certificate: CertificateInfo) => ({
  FIR_TITULAR: certificate.titular,
  FIR_EMISOR: certificate.emisor,
  FIR_SERIE: certificate.serie,
  FIR_IDENTIFICACION: certificate.identificacion,
  FIR_DESDE: diaEcuador(certificate.desde),
  FIR_HASTA: diaEcuador(certificate.hasta),
});

/**
 * The electronic signature of a company: administrators and distributors upload and review it from the company page
 * (/empresas/firma/{id}, only for the companies they see: another distributor's gets 404), the company itself from its
 * "Firma electrónica" page (/firma). A check-only upload (firmaComprobar) stores nothing.
 */
const firmasRoutes: ModuleRoutes = (app, { db, files, config, guards }) => {
  const box = secretBoxFor(config);
  /** Menu permissions: the company page's Firma tab (administration), and the company's "Firma electrónica" page. */
  const companyPage = { permiso: 'empresas' };
  const ownPage = { permiso: 'firma', roles: ROLES_PERMITIDOS.firma.gestionar };
  const ownPageRead = { ...ownPage, roles: ROLES_PERMITIDOS.firma.leer };
  const tags = ['Firma electrónica'];

  async function store(request: FastifyRequest, company: { EMP_CODIGO: number; EMP_RUC: string }, uploader: Uploader) {
    const form = await readSignatureForm(request);
    const certificate = openSignature(form);
    const stored = await storeSignature(
      files,
      box,
      { empresa: company.EMP_CODIGO, p12: form.p12, filename: form.filename, password: form.password, certificate, uploader },
      (tx, previous: Firma | null, current) =>
        recordHistory(tx, actorOf(request), {
          empresa: company.EMP_CODIGO,
          accion: 'firma',
          descripcion: previous
            ? `Reemplazó la firma electrónica de ${previous.FIR_TITULAR} (serie ${previous.FIR_SERIE}) por la de ${current.FIR_TITULAR} (serie ${current.FIR_SERIE}, válida hasta ${current.FIR_HASTA})`
            : `Registró la firma electrónica de ${current.FIR_TITULAR} (serie ${current.FIR_SERIE}, válida hasta ${current.FIR_HASTA})`,
          antes: previous && signatureSummary(previous),
          despues: signatureSummary(current),
        }),
    );
    request.log.info({ empresa: company.EMP_CODIGO, firma: stored.FIR_CODIGO }, 'firma electrónica guardada');
    return { ...stored, FIR_USOS: certificate.usos, advertencias: warnings(certificate, company.EMP_RUC), msg: FIRMA_MSG.saved };
  }

  async function check(request: FastifyRequest, ruc: (form: SignatureForm) => string | undefined): Promise<FirmaComprobadaType> {
    const form = await readSignatureForm(request);
    const certificate = openSignature(form);
    return { ...describe(certificate), FIR_USOS: certificate.usos, advertencias: warnings(certificate, ruc(form)), msg: FIRMA_MSG.valid };
  }

  const formSchema = <A extends TSchema>(summary: string, description: string, answer: A) => ({
    tags,
    summary,
    description,
    consumes: ['multipart/form-data'],
    response: { 200: answer, ...errorResponses },
  });
  const uploadSchema = (summary: string) => formSchema(summary, UPLOAD_DESCRIPTION, FirmaGuardada);
  const checkSchema = (summary: string) => formSchema(summary, CHECK_DESCRIPTION, FirmaComprobada);
  const listSchema = (summary: string) => ({
    tags,
    summary,
    response: { 200: FirmasEmpresa, ...errorResponses },
  });

  app.post(
    '/empresas/firma/:id',
    {
      onRequest: guards.admin,
      config: companyPage,
      schema: { ...uploadSchema('Sube la firma electrónica de una empresa y la deja en uso'), params: EmpresaParam },
    },
    async (request) => {
      const company = await findVisibleCompany(db, request.admin!, request.params.id);
      return store(request, company, { ADM_CODIGO: request.admin!.admin });
    },
  );

  app.get(
    '/empresas/firma/:id',
    {
      onRequest: guards.admin,
      config: companyPage,
      schema: { ...listSchema('Firma electrónica en uso de una empresa y las que reemplazó'), params: EmpresaParam },
    },
    async (request) => {
      const company = await findVisibleCompany(db, request.admin!, request.params.id);
      return companySignatures(db, company.EMP_CODIGO);
    },
  );

  app.post(
    '/empresas/firmaComprobar',
    {
      onRequest: guards.admin,
      config: companyPage,
      schema: checkSchema('Comprueba una firma electrónica sin guardarla (postfirmaComprobar)'),
    },
    async (request) => check(request, (form) => form.ruc),
  );

  app.post(
    '/firma',
    { onRequest: guards.company, config: ownPage, schema: uploadSchema('Sube la firma electrónica de la empresa de la sesión') },
    async (request) => {
      const session = request.company!;
      const company = (await findCompany(db, session.empresa))!;
      return store(request, company, { USU_CODIGO: session.usuario });
    },
  );

  app.get(
    '/firma',
    { onRequest: guards.company, config: ownPageRead, schema: listSchema('Firma electrónica de la empresa de la sesión y su historial') },
    async (request) => companySignatures(db, request.company!.empresa),
  );

  app.post(
    '/firmaComprobar',
    {
      onRequest: guards.company,
      config: ownPage,
      schema: checkSchema('Comprueba una firma electrónica contra la empresa de la sesión sin guardarla'),
    },
    async (request) => {
      const company = (await findCompany(db, request.company!.empresa))!;
      return check(request, () => company.EMP_RUC);
    },
  );
};

export default firmasRoutes;
