import { Menu, useBasename, usePermissions } from 'react-admin';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import CircleIcon from '@mui/icons-material/CircleOutlined';
import type { MenuEntry } from '../authProvider/menu';
import { menuRouteIcon, type Area } from '../registry/resources';

/** The sidebar of an area, as the server defines it for this user (menuAdmin) or company (menuEmpresa). */
export function ServerMenu({ area }: { area: Area }) {
  const basename = useBasename();
  const { permissions: menu, isPending, error } = usePermissions<MenuEntry[]>();
  if (isPending) return <LinearProgress aria-label="Cargando menú" sx={{ m: 2 }} />;
  if (error || !menu)
    return (
      <Typography color="error" variant="body2" sx={{ p: 2 }}>
        No se pudo cargar el menú: {error?.message}
      </Typography>
    );
  return (
    <Menu>
      {menu.map((entry) => {
        // A route this app does not know yet gets a neutral icon.
        const Icon = menuRouteIcon(area, entry.MEN_RUTA) ?? CircleIcon;
        return <Menu.Item key={entry.MEN_CODIGO} to={`${basename}/${entry.MEN_RUTA}`} primaryText={entry.MEN_NOMBRE} leftIcon={<Icon />} />;
      })}
    </Menu>
  );
}
