// @vitest-environment node
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ThemeProvider, useTheme } from './theme';

function Shown() {
  const { choice, resolved } = useTheme();
  return <p>{`${choice} ${resolved}`}</p>;
}

describe('ThemeProvider on the server (docs/architecture.md#server-rendering)', () => {
  it('renders without a browser: the choice system, the light theme', () => {
    expect(typeof window).toBe('undefined');
    const html = renderToString(
      <ThemeProvider>
        <Shown />
      </ThemeProvider>,
    );
    expect(html).toBe('<p>system light</p>');
  });
});
