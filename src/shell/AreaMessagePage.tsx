import type { ReactNode } from 'react';
import { Title, useBasename, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

/**
 * The title is `title` as given or the translation of `titleKey`, the text likewise. `action` replaces the way back to
 * the area's home.
 */
type Props = { icon: ReactNode; action?: ReactNode } & ({ titleKey: string; title?: never } | { title: string; titleKey?: never }) &
  ({ textKey: string; text?: never } | { text: string; textKey?: never });

/** A full-page message inside an area (not found, no access, an error), with the way back to the area's home. */
export function AreaMessagePage({ icon, titleKey, title: givenTitle, textKey, text, action }: Props) {
  const translate = useTranslate();
  const basename = useBasename();
  const title = givenTitle ?? translate(titleKey!);
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
      {action ?? (
        <Button component={RouterLink} to={basename || '/'} variant="contained">
          {translate('amelia.volver_al_inicio')}
        </Button>
      )}
    </Box>
  );
}
