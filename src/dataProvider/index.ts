import { adminSession, companySession } from '../authProvider/session';
import { createDataProvider } from './createDataProvider';

export const companyDataProvider = createDataProvider('empresa', () => companySession.get()?.token);
export const adminDataProvider = createDataProvider('admin', () => adminSession.get()?.token);
