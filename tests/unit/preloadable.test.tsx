import { Component, type ReactNode } from 'react';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { preloadable } from '../../src/ui/preloadable';

/** A module load the test settles by hand. */
function deferredLoad() {
  let settle!: { resolve: () => void; reject: (error: Error) => void };
  let calls = 0;
  const Screen = ({ name }: { name: string }) => <p>Pantalla {name}</p>;
  const load = () => {
    calls++;
    return new Promise<typeof Screen>((resolve, reject) => {
      settle = { resolve: () => resolve(Screen), reject };
    });
  };
  return { load, settle: () => settle, calls: () => calls };
}

class Boundary extends Component<{ children: ReactNode }, { error?: Error }> {
  state: { error?: Error } = {};
  static getDerivedStateFromError = (error: Error) => ({ error });
  render = () => (this.state.error ? <p role="alert">Falló: {this.state.error.message}</p> : this.props.children);
}

describe('preloadable: a screen loaded on demand without suspending', () => {
  it('shows the fallback until its module arrives, then the screen with its props', async () => {
    const chunk = deferredLoad();
    const View = preloadable(chunk.load, <p>Cargando...</p>);
    render(<View name="uno" />);
    expect(screen.getByText('Cargando...')).toBeTruthy();
    await act(async () => chunk.settle().resolve());
    expect(screen.getByText('Pantalla uno')).toBeTruthy();
    expect(screen.queryByText('Cargando...')).toBeNull();
  });

  it('preloaded before it renders, it shows the screen on the first render (no fallback at all)', async () => {
    const chunk = deferredLoad();
    const View = preloadable(chunk.load, <p>Cargando...</p>);
    const preloading = View.preload();
    chunk.settle().resolve();
    await preloading;
    render(<View name="dos" />);
    expect(screen.getByText('Pantalla dos')).toBeTruthy();
    expect(chunk.calls()).toBe(1);
  });

  it('a failed load reaches the error boundary, and the next mount asks for the module again', async () => {
    const chunk = deferredLoad();
    const View = preloadable(chunk.load);
    const first = render(
      <Boundary>
        <View name="cuatro" />
      </Boundary>,
    );
    await act(async () => chunk.settle().reject(new Error('sin red')));
    expect(screen.getByRole('alert').textContent).toBe('Falló: sin red');
    first.unmount();
    render(<View name="cuatro" />);
    expect(chunk.calls()).toBe(2);
    await act(async () => chunk.settle().resolve());
    expect(screen.getByText('Pantalla cuatro')).toBeTruthy();
  });
});
