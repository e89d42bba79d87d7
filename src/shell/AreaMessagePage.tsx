import type { ReactNode } from 'react';
import { Title, useBasename, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

/** The text is `text` as given, or the translation of `textKey`. */
type Props = { icon: ReactNode; titleKey: string } & ({ textKey: string; text?: never } | { text: string; textKey?: never });

/** A full-page message inside an area (not found, no access), with the way back to the area's home. */
export function AreaMessagePage({ icon, titleKey, textKey, text }: Props) {
  const translate = useTranslate();
  const basename = useBasename();
  const title = translate(titleKey);
  return (
    <Box sx={{ display: 'grid', justifyItems: 'center', gap: 2, textAlign: 'center', py: { xs: 4, md: 8 }, px: 2 }}>
      <Title title={title} />
      <Box sx={{ color: 'text.secondary', '& svg': { fontSize: 72 } }}>{icon}</Box>
      <Typography variant="h5" component="h1">
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 480 }}>
        {text ?? translate(textKey!)}
      </Typography>
      <Button component={RouterLink} to={basename || '/'} variant="contained">
        {translate('amelia.volver_al_inicio')}
      </Button>
    </Box>
  );
}
