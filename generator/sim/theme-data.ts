import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { type Theme, ThemeFile } from './types.ts';

/** Folder of the simulator's theme data files. */
export const THEME_DATA_DIR = join(import.meta.dirname, 'data');

/** Parses one theme data file's text; throws naming the file and the field that is wrong. */
export function parseThemeFile(text: string, file: string): Theme {
  let data: unknown;
  try {
    data = parse(text);
  } catch (error) {
    throw new Error(`${file}: not YAML: ${(error as Error).message}`);
  }
  const result = ThemeFile.safeParse(data);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new Error(`${file}: ${issue?.path.join('.') || '(file)'}: ${issue?.message ?? 'invalid'}`);
  }
  return result.data;
}

/**
 * Reads and checks the theme data in `dir`: the narrative themes of `themes/` in file-name order (the
 * order matters for determinism) and the evergreen chatter. Keys must be unique.
 */
export function loadThemeData(dir: string = THEME_DATA_DIR): { themes: Theme[]; evergreen: Theme } {
  const read = (file: string) => parseThemeFile(readFileSync(join(dir, file), 'utf8'), join(dir, file));
  const themes = readdirSync(join(dir, 'themes'))
    .filter((f) => f.endsWith('.yaml'))
    .sort()
    .map((f) => read(join('themes', f)));
  const keys = new Set<string>();
  for (const t of themes) {
    if (keys.has(t.key)) throw new Error(`${dir}: theme key ${t.key} appears twice`);
    keys.add(t.key);
  }
  return { themes, evergreen: read('evergreen.yaml') };
}
