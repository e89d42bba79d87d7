import type { ReactNode } from 'react';
import { AppBar, TitlePortal } from 'react-admin';
import { SessionCheck } from './SessionCheck';
import { TabTitle } from './TabTitle';

/** The top bar of both areas, in Amelia's primary colour, with room for area-specific details; it keeps the tab title and checks the session. */
export function AreaAppBar({ children }: { children?: ReactNode }) {
  return (
    <AppBar color="primary">
      <TitlePortal />
      <TabTitle />
      <SessionCheck />
      {children}
    </AppBar>
  );
}
