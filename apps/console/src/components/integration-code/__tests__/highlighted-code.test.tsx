import { cleanup, render } from '@testing-library/react';
import { renderIntegrationCode } from '@wm/rules';
import { afterEach, describe, expect, it } from 'vitest';
import HighlightedCode from '../highlighted-code';

afterEach(cleanup);

const HOSTILE = '<img src=x onerror="alert(1)"></code><script>alert(2)</script>';

describe('HighlightedCode', () => {
  it.each(['javascript', 'python', 'curl'] as const)(
    'When %s code carries markup in its data, then it shows as text, every character kept, highlighted',
    (language) => {
      const code = renderIntegrationCode({
        language,
        baseUrl: 'http://localhost:3333',
        payload: { eventType: 'a.b', applicationId: 'app', data: { note: HOSTILE } },
      });
      const { container } = render(<HighlightedCode code={code} language={language} />);
      expect(container.textContent).toBe(code);
      expect(container.querySelector('img, script')).toBeNull();
      expect(container.querySelectorAll('[class^="hljs-"]').length).toBeGreaterThan(5);
    },
  );
});
