import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';
import { agregarTextos } from '../../src/i18n/provider';
import { esAdministracion } from '../../src/i18n/esAdministracion';

// findBy*/waitFor give up after 1 s by default: on a loaded two-core machine react-admin's screens sometimes take longer
// to render. A longer limit costs a passing test nothing: it waits only until its element appears.
configure({ asyncUtilTimeout: 5_000 });

// The screens of both areas are rendered here outside their area: the provider has the administration's texts too, as
// src/admin/AdminApp.tsx adds them.
agregarTextos(esAdministracion);
