import { describe, expect, it } from 'vitest';
import { createRedactor, pipelineSecrets, REDACTED } from './redact.ts';

describe('createRedactor', () => {
  it('replaces every occurrence of each secret, longest first', () => {
    const redact = createRedactor(['ghs_abc123', 'ghs_abc123_longer', undefined, '']);
    expect(redact('a ghs_abc123_longer b ghs_abc123 c ghs_abc123')).toBe(
      `a ${REDACTED} b ${REDACTED} c ${REDACTED}`,
    );
  });

  it('removes credentials from URLs, such as a push remote with a token', () => {
    const redact = createRedactor([]);
    expect(redact('fatal: unable to access https://x-access-token:abc@github.com/o/r.git/')).toBe(
      `fatal: unable to access https://${REDACTED}@github.com/${REDACTED}`,
    );
    expect(redact('http://127.0.0.1:8080/')).toBe('http://127.0.0.1:8080/');
  });

  it('leaves very short values alone', () => {
    expect(createRedactor(['1'])('exit 1')).toBe('exit 1');
  });
});

describe('pipelineSecrets', () => {
  it('holds the pipeline token and the generator’s keys and secret URL parts, empty values unset', () => {
    const pathKey = 'forumPathKey0123456789abcdef';
    const secrets = pipelineSecrets({
      GITHUB_TOKEN: 'ghs_token_value',
      OPENAI_API_KEY: '',
      FORUM_BASE_URL: `https://forum.example/api/v1/${pathKey}?token=querysecret`,
    });
    expect(secrets).toContain('ghs_token_value');
    expect(secrets).toContain(pathKey);
    expect(secrets).toContain('querysecret');
    expect(secrets).not.toContain('');
  });
});
