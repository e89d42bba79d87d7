import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { PrimerosPasos } from '../../domain/contratos/mi-empresa';
import { useAreaDataProvider } from '../dataProvider/useAreaDataProvider';
import { ContactDetails } from '../ui/SupportLinks';

type Paso = { key: Exclude<keyof PrimerosPasos, 'distribuidor'>; label: string; to: string; accion: string };

const PASOS: Paso[] = [
  { key: 'plan', label: 'Plan vigente', to: '/ayuda', accion: 'Cómo obtenerlo' },
  { key: 'firma', label: 'Firma electrónica', to: '/mi-empresa?seccion=firma', accion: 'Subir firma' },
  { key: 'punto', label: 'Establecimiento y punto de emisión', to: '/mi-empresa?seccion=establecimientos', accion: 'Crear' },
  { key: 'cliente', label: 'Primer cliente', to: '/clientes/create', accion: 'Agregar cliente' },
  { key: 'producto', label: 'Primer producto o servicio', to: '/catalogo/create', accion: 'Agregar producto' },
  { key: 'factura', label: 'Primera factura autorizada', to: '/facturas/create', accion: 'Emitir factura' },
];

/** How a company without a plan gets one: its distributor, or the provider's support. */
function ComoObtenerPlan({ distribuidor }: { distribuidor: PrimerosPasos['distribuidor'] }) {
  return (
    <Alert severity="info" sx={{ '& .MuiAlert-message': { minWidth: 0, overflowWrap: 'anywhere' } }}>
      {distribuidor ? (
        <>
          Para contratar un plan, contacte a su distribuidor, <strong>{distribuidor.nombre}</strong>
          {distribuidor.correo && (
            <>
              {' '}
              (<a href={`mailto:${distribuidor.correo}`}>{distribuidor.correo}</a>)
            </>
          )}
          .
        </>
      ) : (
        <>
          Para contratar un plan, <a href="#/administrador/soporteTicket">abra un ticket de soporte</a> o escríbanos:
          <ContactDetails />
        </>
      )}
    </Alert>
  );
}

/**
 * The company home's "Primeros pasos" (GET /miEmpresa/primerosPasos): the six steps to its first authorized invoice,
 * each with its state and a link to the screen that does it; hidden once all are done.
 */
export function PrimerosPasosCard() {
  const dataProvider = useAreaDataProvider();
  const { data } = useQuery({
    queryKey: ['miEmpresa', 'primerosPasos'],
    queryFn: () => dataProvider.call<PrimerosPasos>('/miEmpresa/primerosPasos'),
  });
  if (!data || PASOS.every((p) => data[p.key])) return null;
  const hechos = PASOS.filter((p) => data[p.key]).length;
  return (
    <Card component="section" aria-labelledby="primeros-pasos-titulo" sx={{ gridColumn: '1 / -1' }}>
      <CardContent sx={{ display: 'grid', gap: 1 }}>
        <Typography variant="h6" component="h2" id="primeros-pasos-titulo">
          Primeros pasos
        </Typography>
        <Typography color="text.secondary">
          {hechos} de {PASOS.length} listos para emitir su primera factura.
        </Typography>
        <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {PASOS.map((paso) => {
            const hecho = data[paso.key];
            return (
              <Box
                component="li"
                key={paso.key}
                data-paso={paso.key}
                data-estado={hecho ? 'hecho' : 'pendiente'}
                sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', py: 0.75, borderTop: 1, borderColor: 'divider' }}
              >
                {/* A glyph rather than two icon modules: this card is part of the home's first load. */}
                <Box
                  component="span"
                  aria-hidden
                  sx={{ width: 24, textAlign: 'center', fontSize: 20, color: hecho ? 'success.main' : 'text.secondary' }}
                >
                  {hecho ? '✓' : '○'}
                </Box>
                <Typography sx={{ flex: '1 1 160px', minWidth: 0 }}>{paso.label}</Typography>
                <Typography variant="body2" color={hecho ? 'success.main' : 'text.secondary'} sx={{ minWidth: 72 }}>
                  {hecho ? 'Hecho' : 'Pendiente'}
                </Typography>
                {!hecho && (
                  <Button size="small" component={RouterLink} to={paso.to}>
                    {paso.accion}
                  </Button>
                )}
              </Box>
            );
          })}
        </Box>
        {!data.plan && <ComoObtenerPlan distribuidor={data.distribuidor} />}
      </CardContent>
    </Card>
  );
}
