import { useResetErrorBoundaryOnLocationChange } from 'react-admin';
import Button from '@mui/material/Button';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import SystemUpdateAltIcon from '@mui/icons-material/SystemUpdateAlt';
import { isChunkLoadError, LOAD_FAILURE } from '../ui/loadFailure';
import { AreaMessagePage } from './AreaMessagePage';

const keep = () => undefined;

/**
 * A screen of an area that failed, in place of react-admin's error page: in the layout's content (the menu stays, and
 * another screen clears it) and around the whole area. A chunk that could not be loaded offers to reload the page (a
 * new version was deployed); any other error says so. Both offer to reload the page.
 */
export function AreaErrorPage({ error, resetErrorBoundary }: { error: unknown; resetErrorBoundary?: (...args: unknown[]) => void }) {
  // The layout's boundary is reset by react-admin when the address changes; the area's own one here.
  useResetErrorBoundaryOnLocationChange(resetErrorBoundary ? () => resetErrorBoundary() : keep);
  const reload = (
    <Button variant="contained" onClick={() => window.location.reload()}>
      {LOAD_FAILURE.reload}
    </Button>
  );
  if (isChunkLoadError(error)) {
    return (
      <AreaMessagePage
        icon={<SystemUpdateAltIcon />}
        title={LOAD_FAILURE.newVersionTitle}
        text={LOAD_FAILURE.newVersionText}
        action={reload}
      />
    );
  }
  return <AreaMessagePage icon={<ErrorOutlineIcon />} title={LOAD_FAILURE.errorTitle} text={LOAD_FAILURE.errorText} action={reload} />;
}
