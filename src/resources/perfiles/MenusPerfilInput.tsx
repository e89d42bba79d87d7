import { useInput, useTranslate } from 'react-admin';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import LockIcon from '@mui/icons-material/Lock';
import type { MenuRolAsignado } from '../../../domain/contratos/menus';
import { agrupar, bloqueado, marcarGrupo, reservado } from './grupos';

/**
 * The profile's administration menus as a checklist, by group (with a box that ticks or clears a whole group). The
 * value is the list of MEN_CODIGO granted; for the administrator profile, the entries that manage access stay ticked.
 */
export function MenusPerfilInput({ perfil, menus }: { perfil: number; menus: readonly MenuRolAsignado[] }) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`resources.perfiles.${key}`, options);
  const { field } = useInput<number[]>({ source: 'asignados' });
  const seleccion: number[] = Array.isArray(field.value) ? field.value : [];
  const fijos = menus.filter((m) => bloqueado(perfil, m) || reservado(perfil, m)).map((m) => m.MEN_CODIGO);
  const cambiar = (id: number, marcado: boolean) =>
    field.onChange(marcado ? [...seleccion.filter((s) => s !== id), id] : seleccion.filter((s) => s !== id));
  return (
    <Box sx={{ width: '100%' }}>
      <Typography variant="h6" component="h2" sx={{ mt: 1 }}>
        {t('menus_titulo')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5, maxWidth: 720 }}>
        {t('menus_ayuda')}
      </Typography>
      <Typography variant="body2" sx={{ mb: 1 }} aria-live="polite">
        {t('menus_marcados', { marcados: seleccion.filter((id) => menus.some((m) => m.MEN_CODIGO === id)).length, total: menus.length })}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(auto-fill, minmax(300px, 1fr))' } }}>
        {agrupar(menus).map((grupo) => {
          const ids = grupo.menus.map((m) => m.MEN_CODIGO);
          const marcados = ids.filter((id) => seleccion.includes(id)).length;
          const nombre = t(`grupo_${grupo.clave}`);
          return (
            <Paper key={grupo.clave} variant="outlined" sx={{ p: 1.5 }} role="group" aria-label={nombre}>
              <FormControlLabel
                sx={{ m: 0, '& .MuiFormControlLabel-label': { fontWeight: 600 } }}
                label={nombre}
                control={
                  <Checkbox
                    checked={marcados === ids.length}
                    indeterminate={marcados > 0 && marcados < ids.length}
                    onChange={(e) => field.onChange(marcarGrupo(seleccion, grupo.menus, e.target.checked, fijos))}
                    slotProps={{ input: { 'aria-label': t('marcar_grupo', { grupo: nombre }) } }}
                  />
                }
              />
              <Box sx={{ display: 'flex', flexDirection: 'column', pl: { xs: 1, sm: 3 } }}>
                {grupo.menus.map((m) => {
                  const fijo = fijos.includes(m.MEN_CODIGO);
                  const aviso = reservado(perfil, m) ? t('solo_administrador') : t('siempre');
                  return (
                    <FormControlLabel
                      key={m.MEN_CODIGO}
                      sx={{ alignItems: 'flex-start', my: 0.25 }}
                      control={
                        <Checkbox
                          size="small"
                          sx={{ pt: 0.25 }}
                          checked={seleccion.includes(m.MEN_CODIGO)}
                          disabled={fijo}
                          onChange={(e) => cambiar(m.MEN_CODIGO, e.target.checked)}
                        />
                      }
                      label={
                        <Box component="span" sx={{ display: 'flex', flexDirection: 'column' }}>
                          <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
                            {m.MEN_NOMBRE}
                            {fijo && <LockIcon fontSize="inherit" titleAccess={aviso} />}
                          </Box>
                          <Typography component="span" variant="caption" color="text.secondary">
                            {m.MEN_RUTA ? `/${m.MEN_RUTA}` : translate('resources.menus.inicio')}
                            {m.MEN_ACTIVO ? '' : ` · ${t('inactiva')}`}
                            {fijo ? ` · ${aviso}` : ''}
                          </Typography>
                        </Box>
                      }
                    />
                  );
                })}
              </Box>
            </Paper>
          );
        })}
      </Box>
    </Box>
  );
}
