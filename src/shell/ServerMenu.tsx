import { useQuery } from '@tanstack/react-query';
import { Menu, useBasename, useDataProvider } from 'react-admin';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { AreaDataProvider } from '../dataProvider/createDataProvider';
import { MenuIcon } from './menuIcons';

/** The sidebar of an area, as the server defines it for this user (menuAdmin) or company (menuEmpresa). */
export function ServerMenu() {
  const dataProvider = useDataProvider<AreaDataProvider>();
  const basename = useBasename();
  const { data, isPending, error } = useQuery({ queryKey: ['menu', basename], queryFn: () => dataProvider.getMenu(), staleTime: 5 * 60_000 });
  if (isPending) return <LinearProgress aria-label="Cargando menú" sx={{ m: 2 }} />;
  if (error) return <Typography color="error" variant="body2" sx={{ p: 2 }}>No se pudo cargar el menú: {error.message}</Typography>;
  return (
    <Menu>
      {data.map((entry) => (
        <Menu.Item key={entry.MEN_CODIGO} to={`${basename}/${entry.MEN_RUTA}`} primaryText={entry.MEN_NOMBRE} leftIcon={<MenuIcon name={entry.MEN_ICONO} />} />
      ))}
    </Menu>
  );
}
