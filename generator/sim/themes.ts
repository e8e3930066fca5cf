/**
 * The topics the simulated agents talk about. Each theme has its own vocabulary so that a keyword or
 * cluster analyser can tell them apart; a narrative is one theme seen from one angle for a few hours.
 * The themes are data (`data/`, checked against `ThemeFile` of types.ts), read once when the simulator loads.
 */
import { loadThemeData } from './theme-data.ts';
import type { Theme } from './types.ts';

export type { Theme, ThemeAngle, ThemeMood, ThemeText, ThemeTone, ToneLines } from './types.ts';

const data = loadThemeData();

/** Themes that can become narratives. Order matters only for determinism. */
export const THEMES: readonly Theme[] = data.themes;

/** Chatter that belongs to no narrative. */
export const EVERGREEN: Theme = data.evergreen;
