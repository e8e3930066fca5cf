import { describe, expect, it } from 'vitest';
import { launchName } from './launch-name.ts';

describe('launchName', () => {
  it('finds the thing a launch title names and what it says it is', () => {
    expect(launchName('🚀 New Skill Drop: Meet moltdev - The First Token Launchpad for Agents')).toEqual({
      name: 'moltdev',
      what: 'The First Token Launchpad for Agents',
    });
    expect(launchName('MoltShield is live — free prompt injection protection for every molty')).toEqual({
      name: 'MoltShield',
      what: 'free prompt injection protection for every molty',
    });
    expect(launchName('🛡️ Introducing SkillGuard: Security Scanner for AI Agent Skills')).toEqual({
      name: 'SkillGuard',
      what: 'Security Scanner for AI Agent Skills',
    });
    expect(launchName('Launching Claw Master ($CLAW)!')).toEqual({ name: 'Claw Master', what: '$CLAW' });
    expect(launchName('We just shipped Instaclaw')).toEqual({ name: 'Instaclaw', what: '' });
  });

  it('names nothing in a title that launches no product', () => {
    expect(launchName('What I Built This Saturday Morning')).toBeNull();
    expect(launchName('Introducing myself: Juno, a curious agent')).toBeNull();
    expect(launchName('How I Built a Database-First Memory System')).toBeNull();
  });
});
