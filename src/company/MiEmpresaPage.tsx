import { Title } from 'react-admin';
import { useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import { useMyCompany, type MyCompany } from './useMyCompany';
import { MiEstablecimientos } from './MiEstablecimientos';
import { MiAmbiente } from './MiAmbiente';
import { MiDatos } from './MiDatos';
import { companySession } from '../authProvider/session';
import { LogoInput } from '../resources/empresas/LogoInput';
import { FirmaPanel } from '../shell/firma/FirmaPanel';
import { ROLES_PERMITIDOS } from '../../domain/roles';

/** The page's sections (?seccion=…): the administrator's are all of them; the other roles read datos, establishments and environment. */
const SECCIONES = [
  { value: 'datos', label: 'Datos' },
  { value: 'establecimientos', label: 'Establecimientos y puntos de emisión' },
  { value: 'logo', label: 'Logo', administrador: true },
  { value: 'firma', label: 'Firma electrónica', administrador: true },
  { value: 'ambiente', label: 'Ambiente' },
] as const;

function Datos({ data }: { data: MyCompany }) {
  const rows: Array<[string, string]> = [
    ['RUC', data.EMP_RUC],
    ['Nombre comercial', data.EMP_NOMBREC],
    ['Razón social', data.EMP_NOMBRE],
    ['Correo electrónico', data.EMP_CORREO],
    ['Teléfono', data.EMP_TELEFONO ?? '—'],
    ['Dirección matriz', data.EMP_DIRECCION ?? '—'],
    [
      'Plan',
      data.plan ? `${data.plan.PLAN_NOMBRE} (${data.plan.PLANEMPRESA_INICIO} a ${data.plan.PLANEMPRESA_CADUCA})` : 'Sin plan contratado',
    ],
    ['Firma electrónica', data.firma ? 'Registrada' : 'No registrada'],
    ['Ambiente', data.EMP_AMBIENTE === 2 ? 'Producción' : 'Pruebas'],
  ];
  return (
    <Table size="small" aria-label="Datos de la empresa">
      <TableBody>
        {rows.map(([label, value]) => (
          <TableRow key={label}>
            <TableCell component="th" scope="row" sx={{ fontWeight: 500, width: { xs: 120, sm: 200 } }}>
              {label}
            </TableCell>
            <TableCell sx={{ overflowWrap: 'anywhere' }}>{value}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/**
 * "Mi empresa": the company's data, its establishments and emission points, its logo, its electronic signature and
 * the environment it issues in. Its administrator sets them up here; accounting reads them.
 */
export function MiEmpresaPage() {
  const { data, error } = useMyCompany();
  const rol = companySession.get()?.USU_ROL;
  const administrador = rol !== undefined && ROLES_PERMITIDOS.empresa.configurar.includes(rol);
  const secciones = SECCIONES.filter((s) => administrador || !('administrador' in s));
  const [params, setParams] = useSearchParams();
  const seccion = secciones.find((s) => s.value === params.get('seccion'))?.value ?? 'datos';
  return (
    <Card sx={{ mt: 2, maxWidth: 960, minWidth: 0 }}>
      <Title title="amelia.paginas.mi_empresa" />
      <Tabs
        value={seccion}
        onChange={(_, value: string) => setParams({ seccion: value }, { replace: true })}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label="Secciones de Mi empresa"
        // Its tabs scroll inside the card instead of widening the page on a phone.
        sx={{ borderBottom: 1, borderColor: 'divider', contain: 'inline-size' }}
      >
        {secciones.map((s) => (
          <Tab key={s.value} value={s.value} label={s.label} />
        ))}
      </Tabs>
      <CardContent>
        {error && <Alert severity="error">{error.message}</Alert>}
        {!data && !error && <LinearProgress />}
        {data && seccion === 'datos' && (administrador ? <MiDatos data={data} /> : <Datos data={data} />)}
        {seccion === 'establecimientos' && <MiEstablecimientos editable={administrador} />}
        {data && seccion === 'logo' && <LogoInput path="/miEmpresa/logo" nombre={data.EMP_NOMBREC} logo={data.logo ? 'actual' : null} />}
        {seccion === 'firma' && (
          <FirmaPanel path="/firma" checkPath="/firmaComprobar" showsSignature={[['miEmpresa'], ['miEmpresa', 'primerosPasos']]} />
        )}
        {data && seccion === 'ambiente' && <MiAmbiente ambiente={data.EMP_AMBIENTE} editable={administrador} />}
      </CardContent>
    </Card>
  );
}
