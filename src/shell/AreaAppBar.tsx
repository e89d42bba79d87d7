import type { ReactNode } from 'react';
import { AppBar, TitlePortal } from 'react-admin';

/** The top bar of both areas, in Amelia's primary colour, with room for area-specific details. */
export function AreaAppBar({ children }: { children?: ReactNode }) {
  return (
    <AppBar color="primary">
      <TitlePortal />
      {children}
    </AppBar>
  );
}
