import { Title } from 'react-admin';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useMyCompany } from './useMyCompany';

export function MiEmpresaPage() {
  const { data, error } = useMyCompany();
  const rows: Array<[string, string]> = data
    ? [
        ['RUC', data.EMP_RUC],
        ['Nombre comercial', data.EMP_NOMBREC],
        ['Razón social', data.EMP_NOMBRE],
        ['Correo electrónico', data.EMP_CORREO],
        ['Teléfono', data.EMP_TELEFONO ?? '—'],
        [
          'Plan',
          data.plan
            ? `${data.plan.PLAN_NOMBRE} (${data.plan.PLANEMPRESA_INICIO} a ${data.plan.PLANEMPRESA_CADUCA})`
            : 'Sin plan contratado',
        ],
        ['Firma electrónica', data.firma ? 'Registrada' : 'No registrada'],
      ]
    : [];
  return (
    <Card sx={{ mt: 2, maxWidth: 720 }}>
      <Title title="amelia.paginas.mi_empresa" />
      <CardContent>
        {error && <Alert severity="error">{error.message}</Alert>}
        {!data && !error && <LinearProgress />}
        {data && (
          <Table size="small" aria-label="Datos de la empresa">
            <TableBody>
              {rows.map(([label, value]) => (
                <TableRow key={label}>
                  <TableCell component="th" scope="row" sx={{ fontWeight: 500, width: 200 }}>
                    {label}
                  </TableCell>
                  <TableCell>{value}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
