import { MSG } from '../domain/messages';

/** One look for public pages and both areas: Amelia's blue, readable density for all-day CRUD work. */
export const themeOptions = {
  palette: {
    primary: { main: '#0b5c8e' },
    // Darker than MUI's own so that text in these colors (outlined chips, links) reaches 4.5:1 on white and on the
    // page's grey (WCAG 2.1 AA, checked by axe in tests/e2e/accesibilidad.test.ts).
    secondary: { main: '#0e7c74' },
    warning: { main: '#b45309' },
    info: { main: '#0369a1' },
    background: { default: '#f4f6f8' },
  },
  shape: { borderRadius: 8 },
  typography: { fontFamily: 'Roboto, "Segoe UI", "Helvetica Neue", Arial, sans-serif' },
  components: {
    MuiButton: { defaultProps: { disableElevation: true } },
    // A spinner is a progressbar: without a name a screen reader announces nothing (react-admin's app bar has one).
    MuiCircularProgress: { defaultProps: { 'aria-label': MSG.loading } },
    // react-admin's row checkbox (DataTable with bulk actions) gives its aria-label to the checkbox's <span>, where it
    // names nothing and is not allowed: it belongs on the <input>. An explicit inputProps label still wins.
    MuiCheckbox: {
      defaultProps: {
        slotProps: {
          root: { 'aria-label': undefined },
          input: ({ 'aria-label': label, inputProps }: { 'aria-label'?: string; inputProps?: object }) => ({
            'aria-label': label,
            ...inputProps,
          }),
        },
      },
    },
    // MUI greys these out to text.disabled (2.6:1): a disabled field's help and an empty list's message must still be
    // read (4.5:1 and 3:1).
    MuiFormHelperText: { styleOverrides: { root: { '&.Mui-disabled': { color: 'rgba(0, 0, 0, 0.6)' } } } },
    RaEmpty: { styleOverrides: { root: { '& .RaEmpty-message': { color: 'rgba(0, 0, 0, 0.6)' } } } },
    MuiTextField: { defaultProps: { variant: 'outlined' as const, size: 'small' as const, fullWidth: true } },
  },
};
