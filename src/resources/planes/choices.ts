import { PLAN_CLASE_ETIQUETA, PLAN_CLASES, PLAN_TIPO_ETIQUETA, PLAN_TIPOS } from '../../../domain/planes';

/** Type and class as react-admin choices, with their Spanish names from domain/planes.ts. */
export const TIPO_CHOICES = PLAN_TIPOS.map((id) => ({ id, name: PLAN_TIPO_ETIQUETA[id] }));
export const CLASE_CHOICES = PLAN_CLASES.map((id) => ({ id, name: PLAN_CLASE_ETIQUETA[id] }));
