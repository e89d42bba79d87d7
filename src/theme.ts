/** One look for public pages and both areas: Amelia's blue, readable density for all-day CRUD work. */
export const themeOptions = {
  palette: {
    primary: { main: '#0b5c8e' },
    secondary: { main: '#11998e' },
    background: { default: '#f4f6f8' },
  },
  shape: { borderRadius: 8 },
  typography: { fontFamily: 'Roboto, "Segoe UI", "Helvetica Neue", Arial, sans-serif' },
  components: {
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiTextField: { defaultProps: { variant: 'outlined' as const, size: 'small' as const, fullWidth: true } },
  },
};
