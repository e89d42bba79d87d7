import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { MiEmpresaDatos } from '../../domain/contratos/mi-empresa';
import { REGIMEN_RIMPE } from '../../domain/empresas';
import { useAreaDataProvider } from '../dataProvider/useAreaDataProvider';
import type { MyCompany } from './useMyCompany';

type Texto = 'EMP_DIRECCION' | 'EMP_TELEFONO' | 'EMP_CELULAR' | 'EMP_CONTRIBUYENTE_ESPECIAL' | 'EMP_AGENTE_RETENCION';
const TEXTOS: Array<{ name: Texto; label: string; helper?: string; max: number; numeric?: boolean }> = [
  { name: 'EMP_DIRECCION', label: 'Dirección matriz', helper: 'La que registra el SRI; sus facturas la imprimen.', max: 300 },
  { name: 'EMP_TELEFONO', label: 'Teléfono', max: 20, numeric: true },
  { name: 'EMP_CELULAR', label: 'Celular', max: 20, numeric: true },
  {
    name: 'EMP_CONTRIBUYENTE_ESPECIAL',
    label: 'Resolución de contribuyente especial',
    helper: 'Solo si el SRI la asignó.',
    max: 13,
    numeric: true,
  },
  { name: 'EMP_AGENTE_RETENCION', label: 'Resolución de agente de retención', helper: 'Solo si el SRI la asignó.', max: 13, numeric: true },
];

/** The company's own data its invoices print, as its administrator edits them (PUT /miEmpresa/datos). */
export function MiDatos({ data }: { data: MyCompany }) {
  const dataProvider = useAreaDataProvider();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [valores, setValores] = useState<Record<Texto, string>>(() => ({
    EMP_DIRECCION: data.EMP_DIRECCION ?? '',
    EMP_TELEFONO: data.EMP_TELEFONO ?? '',
    EMP_CELULAR: data.EMP_CELULAR ?? '',
    EMP_CONTRIBUYENTE_ESPECIAL: data.EMP_CONTRIBUYENTE_ESPECIAL ?? '',
    EMP_AGENTE_RETENCION: data.EMP_AGENTE_RETENCION ?? '',
  }));
  const [contabilidad, setContabilidad] = useState(data.EMP_CONTABILIDAD);
  const [rimpe, setRimpe] = useState(data.EMP_RIMPE ?? '');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const guardar = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    setError(null);
    const texto = (name: Texto) => valores[name].trim() || null;
    const body: MiEmpresaDatos = {
      EMP_DIRECCION: texto('EMP_DIRECCION'),
      EMP_TELEFONO: texto('EMP_TELEFONO'),
      EMP_CELULAR: texto('EMP_CELULAR'),
      EMP_CONTRIBUYENTE_ESPECIAL: texto('EMP_CONTRIBUYENTE_ESPECIAL'),
      EMP_AGENTE_RETENCION: texto('EMP_AGENTE_RETENCION'),
      EMP_CONTABILIDAD: contabilidad,
      EMP_RIMPE: (rimpe || null) as MiEmpresaDatos['EMP_RIMPE'],
    };
    try {
      const { msg } = await dataProvider.call<{ msg: string }>('/miEmpresa/datos', { method: 'PUT', body });
      await queryClient.invalidateQueries({ queryKey: ['miEmpresa'] });
      notify(msg, { type: 'success' });
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setPending(false);
    }
  };

  return (
    <Box component="form" onSubmit={(e) => void guardar(e)} noValidate sx={{ display: 'grid', gap: 2, maxWidth: 640 }}>
      <Typography color="text.secondary">
        RUC {data.EMP_RUC} · {data.EMP_NOMBRE} — para cambiar su RUC, sus nombres o su correo, escriba a soporte.
      </Typography>
      {error && <Alert severity="error">{error}</Alert>}
      {!data.EMP_DIRECCION && <Alert severity="warning">Sus facturas necesitan la dirección matriz de su empresa: escríbala aquí.</Alert>}
      {TEXTOS.map((campo) => (
        <TextField
          key={campo.name}
          label={campo.label}
          value={valores[campo.name]}
          onChange={(e) => setValores((v) => ({ ...v, [campo.name]: e.target.value }))}
          helperText={campo.helper}
          fullWidth
          slotProps={{ htmlInput: { maxLength: campo.max, ...(campo.numeric ? { inputMode: 'numeric' } : {}) } }}
        />
      ))}
      <TextField
        select
        label="Régimen RIMPE"
        value={rimpe}
        onChange={(e) => setRimpe(e.target.value)}
        fullWidth
        slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
      >
        <MenuItem value="">Ninguno</MenuItem>
        {Object.entries(REGIMEN_RIMPE).map(([value, label]) => (
          <MenuItem key={value} value={value}>
            {label}
          </MenuItem>
        ))}
      </TextField>
      <FormControlLabel
        control={<Switch checked={contabilidad} onChange={(e) => setContabilidad(e.target.checked)} />}
        label="Obligado a llevar contabilidad"
      />
      <Box>
        <Button type="submit" variant="contained" disabled={pending}>
          Guardar
        </Button>
      </Box>
    </Box>
  );
}
