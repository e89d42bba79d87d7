import type { ReactNode } from 'react';
import { AppBar, TitlePortal } from 'react-admin';
import { AreaUserMenu } from './AreaUserMenu';
import { SessionCheck } from './SessionCheck';
import { TabTitle } from './TabTitle';

/** The top bar of both areas, in Amelia's primary colour, with room for area-specific details; it keeps the tab title, checks the session and has the user menu. */
export function AreaAppBar({ children }: { children?: ReactNode }) {
  return (
    <AppBar color="primary" userMenu={<AreaUserMenu />}>
      <TitlePortal />
      <TabTitle />
      <SessionCheck />
      {children}
    </AppBar>
  );
}
