import { describe, expect, test } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { Component, type ReactNode } from 'react';
import { lazyModule, useLazyModule } from './lazy-module';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

class Boundary extends Component<{ children: ReactNode }, { message: string | null }> {
  override state = { message: null as string | null };
  static getDerivedStateFromError(error: Error) {
    return { message: error.message };
  }
  override render() {
    return this.state.message ? <p>failed: {this.state.message}</p> : this.props.children;
  }
}

describe('lazyModule / useLazyModule', () => {
  test('shows the placeholder, then the module once it arrives; loads it once', async () => {
    const gate = deferred<{ Text: () => ReactNode }>();
    let calls = 0;
    const module = lazyModule(() => {
      calls += 1;
      return gate.promise;
    });
    function View() {
      const loaded = useLazyModule(module);
      return loaded ? <loaded.Text /> : <p>loading</p>;
    }
    render(
      <>
        <View />
        <View />
      </>,
    );
    expect(screen.getAllByText('loading')).toHaveLength(2);
    gate.resolve({ Text: () => <p>content</p> });
    expect(await screen.findAllByText('content')).toHaveLength(2);
    expect(calls).toBe(1);
  });

  test('a failed load reaches the error boundary, and the next use tries again', async () => {
    const first = deferred<string>();
    let calls = 0;
    const module = lazyModule(() => {
      calls += 1;
      return calls === 1 ? first.promise : Promise.resolve('second');
    });
    function View() {
      return <p>{useLazyModule(module) ?? 'loading'}</p>;
    }
    const { unmount } = render(
      <Boundary>
        <View />
      </Boundary>,
    );
    first.reject(new Error('chunk missing'));
    expect(await screen.findByText('failed: chunk missing')).toBeTruthy();
    unmount();
    render(<View />);
    expect(await screen.findByText('second')).toBeTruthy();
  });
});
