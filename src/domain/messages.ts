import { PASSWORD_MIN_LENGTH } from './constants';

/** Texts of the product's message catalogue (validation and error dialogs) and our own API messages, used by web app and server. */
export const MSG = {
  formInvalid: 'Algunos campos están incorrectos o vacios, por favor revise e intente nuevamente.',
  loginErrorTitle: 'Error',
  loginErrorPrefix: 'Ocurrió un error al iniciar sesión.',
  recoveryOkTitle: 'Listo',
  recoveryOk: 'Se envió una clave a tu correo, revisalo e inicia sesión',
  recoveryErrorPrefix: 'Ocurrió un error al recuperar la clave.',
  registrationErrorPrefix: 'Ocurrió un error al registrar la empresa.',
  warningTitle: 'Advertencia',
  registrationOkTitle: 'Registro completado',
  termsRequired: 'Debe aceptar los términos y condiciones para poder continuar',
  deactivatedTitle: 'EL USUARIO DESACTIVADO',
  deactivatedText: 'CONTACTESE CON EL ADMINISTRADOR',
  loading: 'Cargando...',
  ticketOkTitle: 'Enviado',
  ticketOk: 'Proceso completado con éxito',
  ticketEmptyText: 'El texto esta vacio',
  ticketFileType: 'Seleccione una archivo con formato de zip o rar',
  ticketFileSize: 'El archivo supera el peso maximo (No se guardara)',
  idRequired: 'Ingrese un número de identificación',
  idLength: 'Cédula o RUC deben tener 10 o 13 dígitos',
  customerNotFoundTitle: 'Atencion',
  customerNotFound: 'Cliente no encontrado, Llenar los datos',
  sriUnavailable: 'Por el momento no hay disponibilidad en el SRI, ingrese los datos manualmente por favor.',
  clientDeleteError: 'Ocurrió un inconveniente:',
  plansQueryError: 'Error en la consulta de planes',
  companyUpdateError: 'Error en la actualización de empresa o menús.',

  // API messages (ours)
  required: (field: string) => `El campo ${field} es obligatorio`,
  companyLoginFailed: 'RUC, usuario o clave incorrectos',
  adminLoginFailed: 'Usuario o clave incorrectos',
  notAuthenticated: 'Debe iniciar sesión para continuar',
  sessionExpired: 'Su sesión expiró, inicie sesión nuevamente',
  /** Shown on the sign-in page a user lands on when the session expired. */
  sessionExpiredNotice: 'Su sesión expiró, ingrese nuevamente',
  /** 401 for a token whose session was closed (logout, a clave change elsewhere); the sign-in page repeats it. */
  sessionEnded: 'Su sesión fue cerrada. Inicie sesión nuevamente.',
  loggedOut: 'Sesión cerrada',
  /** 403 (with MUST_CHANGE_PASSWORD_CODE) while a session signed in with a temporary clave has not chosen a new one. */
  mustChangePassword: 'Ingresó con una clave temporal. Elija una clave nueva para continuar.',
  passwordChanged: 'Su clave fue cambiada. Las demás sesiones abiertas con su usuario se cerraron.',
  wrongCurrentPassword: 'La clave actual no es correcta',
  samePassword: 'La clave nueva debe ser distinta de la actual',
  passwordTooShort: `La clave debe tener al menos ${PASSWORD_MIN_LENGTH} caracteres`,
  forbidden: 'No tiene permiso para realizar esta acción',
  adminOnly: 'Esta sección es solo para administradores',
  notFound: 'No se encontró lo que busca',
  tooManyAttempts: (minutes: number) =>
    `Demasiados intentos. Espere ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'} e intente nuevamente.`,
  rucTaken: (ruc: string) => `Ya existe una empresa registrada con el RUC ${ruc}. Inicie sesión o recupere su clave.`,
  recoveryNotFound: 'No existe un usuario activo con ese RUC y usuario',
  internal: 'Ocurrió un error inesperado en el servidor. Intente nuevamente en unos minutos.',
  invalidJson: 'El cuerpo de la solicitud no es un JSON válido',
  bodyTooLarge: 'La solicitud es demasiado grande',
  unsupportedMedia: 'Tipo de contenido no soportado',
  routeNotFound: 'La ruta solicitada no existe',
  notDistributor: 'Solo un distribuidor habilitado puede ingresar a la facturación de una empresa',
  distributorCompanyNotFound: 'No existe una empresa activa con ese RUC asignada a su cuenta',
  distributorUserNotFound: 'La empresa no tiene un usuario activo con ese nombre',
  distributorWrongPassword: 'La clave del usuario de la empresa no es correcta',
  fileRequired: 'Adjunte un archivo',
  paymentFileType: 'El comprobante de pago debe ser un PDF, JPG o PNG',
  paymentFileSize: 'El comprobante de pago supera el peso máximo de 15 MB',
  settingNotFound: 'No existe esa configuración',
} as const;

/** The electronic signature (.p12/.pfx): why one is refused, what the upload warns about, what the user is told. */
export const FIRMA_MSG = {
  wrongPassword: 'La contraseña de la firma electrónica es incorrecta.',
  notPkcs12: 'El archivo no es una firma electrónica (.p12 o .pfx) válida.',
  noPrivateKey: 'El archivo no contiene la clave privada de la firma electrónica; expórtelo nuevamente incluyendo la clave privada.',
  keyMismatch: 'La clave privada del archivo no corresponde a ninguno de sus certificados.',
  expired: (desde: string, hasta: string) => `La firma electrónica está caducada: fue válida del ${desde} al ${hasta}.`,
  notYetValid: (desde: string, hasta: string) => `La firma electrónica todavía no es válida: lo será del ${desde} al ${hasta}.`,
  notForSigning: 'El certificado no sirve para firmar documentos: no tiene el uso de firma digital ni de no repudio.',
  idMismatch: (certificado: string, empresa: string) =>
    `El RUC/cédula del certificado (${certificado}) no coincide con el de la empresa (${empresa}).`,
  noId: 'El certificado no contiene un RUC ni una cédula; verifique que pertenezca a la empresa.',
  fileType: 'Seleccione un archivo de firma electrónica con formato .p12 o .pfx',
  fileSize: 'El archivo de la firma electrónica supera el peso máximo de 100 KB',
  fileRequired: 'Adjunte el archivo de la firma electrónica (.p12 o .pfx) en el campo signfile',
  passwordRequired: 'Ingrese la contraseña de la firma electrónica (campo password)',
  passwordTooLong: 'La contraseña de la firma electrónica admite como máximo 200 caracteres',
  rucInvalid: 'El campo ruc debe tener 10 o 13 dígitos',
  malformed: 'La firma debe enviarse como multipart/form-data con los campos password y signfile',
  saved: 'Firma electrónica guardada.',
  valid: 'La firma electrónica es válida.',
  noticeMissing: 'Su empresa no tiene una firma electrónica registrada. Súbala para poder autorizar comprobantes en el SRI.',
  noticeExpired: (hasta: string) =>
    `Su firma electrónica caducó el ${hasta}. Suba una nueva para seguir autorizando comprobantes en el SRI.`,
  noticeExpiring: (hasta: string, dias: number) =>
    `Su firma electrónica caduca el ${hasta} (${dias === 0 ? 'hoy' : dias === 1 ? 'mañana' : `en ${dias} días`}). Renuévela a tiempo para no interrumpir la emisión de comprobantes.`,
} as const;

/** The company's logo upload (LOGO_FILE in archivos.ts); apart from MSG, which every public page carries. */
export const LOGO_MSG = {
  fileType: 'El logo debe ser una imagen PNG o JPG',
  fileSize: 'El logo supera el peso máximo de 1 MB',
} as const;
