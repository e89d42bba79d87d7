import { lazy } from 'react';
import { EmpresaList } from './EmpresaList';

// The company page and the create form carry the form inputs and every tab: they load when one is opened.
const EmpresaEdit = lazy(() => import('./EmpresaEdit').then((module) => ({ default: module.EmpresaEdit })));
const EmpresaCreate = lazy(() => import('./EmpresaCreate').then((module) => ({ default: module.EmpresaCreate })));

export default { list: EmpresaList, edit: EmpresaEdit, create: EmpresaCreate, recordRepresentation: 'EMP_NOMBREC' };
