import { describe, expect, it } from 'vitest';
import { configRedactor } from '../core/redact.ts';
import { GeneratorEnvSchema, loadGeneratorConfig } from './config.ts';
import { createEventLog } from './log.ts';

describe('createEventLog', () => {
  it('writes JSON lines with no secret of the configuration, in a field or inside a URL', () => {
    const pathKey = 'forumPathKey0123456789abcdef';
    const config = loadGeneratorConfig({
      FORUM_BASE_URL: `https://forum.example/${pathKey}/api/v1`,
      OPENAI_BASE_URL: 'https://llm.example/v1?api-key=openaiQuerySecret',
      OPENAI_API_KEY: 'sk-openai-secret',
    });
    const lines: string[] = [];
    const log = createEventLog(configRedactor(GeneratorEnvSchema, config), (line) => lines.push(line));
    log({ event: 'forum.retry', url: `${config.FORUM_BASE_URL}/posts?sort=new`, note: `key ${pathKey}` });
    log({ event: 'llm.error', error: `POST ${config.OPENAI_BASE_URL} failed with sk-openai-secret` });
    const text = lines.join('\n');
    for (const secret of [pathKey, 'openaiQuerySecret', 'sk-openai-secret'])
      expect(text).not.toContain(secret);
    expect(JSON.parse(lines[0] ?? '')).toMatchObject({
      event: 'forum.retry',
      url: 'https://forum.example/[redacted]',
    });
  });
});
